// Generated paths of Redshift Configuration, replayed on the real view against the real server:
// the configuration (never saved: everything off) read or not; User Script and Product changed,
// then saved (said, stored, and who saved it shown), saved first by someone else (said, with
// what is stored now and which settings they changed; saving again replaces theirs), not sent,
// or put back. The second walk opens on a changed form kept across a reload.
import { Theme } from '@radix-ui/themes';
import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fromPromise, type AnyActorRef } from 'xstate';
import { DEFAULT_APP_CONFIG } from '../../src/domain/app-config';
import { REDSHIFT_FLAG_KEYS, REDSHIFT_LABELS, type RedshiftConfiguration } from '../../src/domain/redshift';
import { FEATURE_KEYS } from '../../src/domain/features';
import { redshiftConfigMachine } from '../../src/sections/redshift/redshift.machine';
import { PLAN_DRAFT, redshiftConfigDraftPlan, redshiftConfigPlan } from '../../src/sections/redshift/redshift.plan';
import { checkRedshiftDraft } from '../../src/sections/redshift/redshift.draft';
import type { RedshiftConfigContext, RedshiftDraft } from '../../src/sections/redshift/redshift.types';
import { fetchRedshift } from '../../src/sections/redshift/redshift.service';
import { http } from '../../src/services/http';
import { readDraft, writeDraft } from '../../src/services/drafts';
import { ConsoleContext } from '../../src/ui/console-context';
import { RedshiftCtx } from '../../src/sections/redshift/redshift-context';
import {
  configurationText,
  redshiftDraftAddress,
  RedshiftDraftKeeper,
  RedshiftScope,
  RedshiftView,
} from '../../src/sections/redshift/redshift-screen';
import {
  ActorProbe,
  closeSignedInWorld,
  describePaths,
  itPaths,
  openServerWithStaff,
  renderInConsole,
  type SignedInWorld,
} from '../support/path-world';
import type { Driver } from '../support/replay';
import { timeText } from '../../src/domain/format';

const FETCH = '/fetch_redshift_configuration/';
const SAVE = '/redshift_configuration/';
const NO_ANSWER = 'Error: no response from the server';

interface World extends SignedInWorld {
  staffId: number;
  otherId: number;
  editor: AnyActorRef | null;
}
let world: World;

async function createWorld(draft: RedshiftDraft | null): Promise<void> {
  const { server, bridge, signIn } = await openServerWithStaff({ username: 'keeper', features: FEATURE_KEYS });
  await server.createStaff({
    username: 'colleague',
    features: ['admin_panel_access', 'redshift_configuration_access'],
  });
  const idOf = async (username: string) =>
    (await server.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
  const { actors, user } = await signIn('/redshift_configuration');
  world = {
    server,
    bridge,
    user,
    actors,
    staffId: await idOf('keeper'),
    otherId: await idOf('colleague'),
    editor: null,
  };
  sessionStorage.clear();
  if (draft) writeDraft(redshiftDraftAddress(world.staffId)!, draft);
}

afterEach(() => closeSignedInWorld(world));

function mount(): void {
  renderInConsole(
    world.actors,
    <RedshiftScope staff={world.staffId}>
      <ActorProbe hook={RedshiftCtx.useActorRef} keep={(ref) => (world.editor = ref)} />
      <RedshiftDraftKeeper staff={world.staffId} />
      <RedshiftView />
    </RedshiftScope>,
  );
}

const context = () => world.editor!.getSnapshot().context as RedshiftConfigContext;
const stored = () =>
  world.server.db.selectFrom('redshift_configuration').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
const storedConfiguration = async (): Promise<RedshiftConfiguration> => {
  const r = await stored();
  return {
    user_script: r.user_script === 1,
    account_script: r.account_script === 1,
    user_flag: {
      expire_time: r.ignore_expire_time === 1,
      product: r.ignore_product === 1,
      user_type: r.ignore_user_type === 1,
    },
  };
};
const control = (s: typeof screen, key: keyof typeof REDSHIFT_LABELS) =>
  key === 'user_script' || key === 'account_script'
    ? s.getByRole('switch', { name: REDSHIFT_LABELS[key] })
    : s.getByRole('checkbox', { name: REDSHIFT_LABELS[key] });
const differs = (a: RedshiftConfiguration, b: RedshiftConfiguration) => JSON.stringify(a) !== JSON.stringify(b);

/** The controls show `c`. */
function expectControls(s: typeof screen, c: RedshiftConfiguration): void {
  expect(control(s, 'user_script')).toHaveAttribute('aria-checked', String(c.user_script));
  expect(control(s, 'account_script')).toHaveAttribute('aria-checked', String(c.account_script));
  for (const k of REDSHIFT_FLAG_KEYS) expect(control(s, k)).toHaveAttribute('aria-checked', String(c.user_flag[k]));
  expect(s.getByRole('group', { name: 'Ignore flag in user script' })).toBeInTheDocument();
}

/** 'Last saved by … at …' as the database says. */
async function expectLastSaved(s: typeof screen): Promise<void> {
  const row = await stored();
  const by =
    row.updated_by === null
      ? null
      : (
          await world.server.db
            .selectFrom('users')
            .select('email')
            .where('id', '=', row.updated_by)
            .executeTakeFirstOrThrow()
        ).email;
  expect(s.getByLabelText('Last saved')).toHaveTextContent(
    row.updated_at === null
      ? 'Not saved by anyone yet.'
      : `Last saved by ${by!} at ${timeText(Number(row.updated_at))}.`,
  );
}

const online = async () => world.bridge.setOffline(false);

function driver(): Driver<World> {
  return {
    machine: redshiftConfigMachine,
    bridge: world.bridge,
    world,
    calls: { loadRedshift: FETCH, saveRedshift: SAVE },
    mount: async () => mount(),
    actor: () => world.editor!,
    perform: {
      'redshift.retry': async () => world.user.click(screen.getByRole('button', { name: 'Retry' })),
      'form.toggle': async ({ step }) =>
        world.user.click(control(screen, String(step.event['key']) as keyof typeof REDSHIFT_LABELS)),
      'form.save': async () => world.user.click(screen.getByRole('button', { name: 'Save' })),
      'form.discard': async () => world.user.click(screen.getByRole('button', { name: 'Discard changes' })),
    },
    arrange: {
      loadFailed: async () => world.bridge.setOffline(true, [FETCH]),
      saveFailed: async () => world.bridge.setOffline(true, [SAVE]),
      // A colleague saves first: Account Script turned over, from the version this form was read at.
      savedMeanwhile: async () => {
        const row = await stored();
        await world.server.db
          .updateTable('redshift_configuration')
          .set({
            account_script: row.account_script === 1 ? 0 : 1,
            version: row.version + 1,
            updated_by: world.otherId,
            updated_at: Date.now(),
          })
          .where('id', '=', 1)
          .execute();
      },
    },
    afterOutcome: { loadFailed: online, saveFailed: online },
    expectations: {
      loading: (s, { step }) => {
        if (!step)
          expect(s.getByRole('status', { name: 'Loading the Redshift configuration' })).toHaveTextContent(
            'Loading the Redshift configuration…',
          );
        expect(s.queryByRole('button', { name: 'Save' })).toBeNull();
      },
      failed: (s) => {
        expect(s.getByRole('alert')).toHaveTextContent(`The Redshift configuration could not be loaded. ${NO_ANSWER}`);
        expect(s.getByRole('button', { name: 'Retry' })).toBeEnabled();
        expect(s.queryByRole('form', { name: 'Redshift configuration' })).toBeNull();
      },
      editing: async (s, { step }) => {
        const c = context();
        expectControls(s, c.form!);
        await expectLastSaved(s);
        const changed = differs(c.form!, c.base!);
        expect(s.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', !(changed || c.conflict !== null));
        const notice = s.queryByRole('status', { name: 'Redshift notice' });
        switch (step?.outcome) {
          case 'saved':
            expect(notice).toHaveTextContent('Redshift configuration saved Successfully');
            expect(await storedConfiguration()).toEqual(c.form);
            expect(changed).toBe(false);
            expect(s.getByLabelText('Last saved')).toHaveTextContent('Last saved by keeper@staff-console.test at');
            expect(readDraft(redshiftDraftAddress(world.staffId)!, checkRedshiftDraft)).toBeNull();
            break;
          case 'savedMeanwhile': {
            expect(notice).toHaveTextContent(/^Something went wrong\.$/);
            const now = await storedConfiguration();
            expect(s.getByRole('alert', { name: 'Saved by someone else' })).toHaveTextContent(
              `colleague@staff-console.test saved the Redshift configuration after you opened it; nothing of yours was saved. Now stored: ${configurationText(now)}. ` +
                'They changed Account Script. Save again to replace it with yours, or Discard changes to keep theirs.',
            );
            expect(s.getByLabelText('Last saved')).toHaveTextContent('Last saved by colleague@staff-console.test at');
            break;
          }
          case 'saveFailed':
            expect(notice).toHaveTextContent(`Something went wrong. ${NO_ANSWER}`);
            break;
          default:
            if (step?.event.type === 'form.toggle' || step?.event.type === 'form.discard' || step?.outcome === 'loaded')
              expect(notice).toBeNull();
        }
        if (step?.event.type === 'form.discard') {
          expect(await storedConfiguration()).toEqual(c.form);
          expect(s.queryByRole('alert', { name: 'Saved by someone else' })).toBeNull();
        }
        if (step?.outcome === 'loaded' && c.form && !changed) expect(c.form).toEqual(await storedConfiguration());
        // A changed form is kept for a reload, an unchanged one is not.
        const kept = readDraft(redshiftDraftAddress(world.staffId)!, checkRedshiftDraft);
        if (changed) expect(kept?.configuration).toEqual(c.form);
        else expect(kept).toBeNull();
      },
      saving: (s) => {
        expect(s.getByRole('button', { name: 'Saving…' })).toBeDisabled();
        expect(control(s, 'user_script')).toBeDisabled();
        expect(control(s, 'product')).toBeDisabled();
      },
    },
  };
}

describePaths('redshiftConfig machine paths (Redshift Configuration, real server)', redshiftConfigPlan, {
  before: () => createWorld(null),
  driver,
});

describe('redshiftConfig machine paths from a form kept across a reload (decision 042)', () => {
  beforeEach(() => createWorld(PLAN_DRAFT));
  itPaths(redshiftConfigDraftPlan, { driver });

  it('shows the kept form, not what is stored', async () => {
    mount();
    expect(await screen.findByRole('switch', { name: 'User Script' })).toHaveAttribute(
      'aria-checked',
      String(PLAN_DRAFT.configuration.user_script),
    );
    expect(screen.getByRole('checkbox', { name: 'User Type' })).toHaveAttribute('aria-checked', 'true');
    expect(
      within(screen.getByRole('form', { name: 'Redshift configuration' })).getByRole('button', { name: 'Save' }),
    ).toBeEnabled();
  });
});

describe('a refusal naming fields (decision 042)', () => {
  beforeEach(() => createWorld(null));

  it('shows the server’s message at the control it names, until that control changes', async () => {
    // A client that sends what the form never would: the real server's refusal, read by the real machine and view.
    const garbling = redshiftConfigMachine.provide({
      actors: {
        loadRedshift: fromPromise(() => fetchRedshift()),
        saveRedshift: fromPromise(
          ({ input }) =>
            http('/redshift_configuration/', {
              method: 'POST',
              body: {
                redshift_configuration: {
                  ...input.configuration,
                  user_script: 'yes',
                  user_flag: { ...input.configuration.user_flag, product: 1 },
                },
                version: input.version,
              },
            }) as never,
        ),
      },
    });
    render(
      <Theme>
        <ConsoleContext.Provider value={{ ...world.actors, config: DEFAULT_APP_CONFIG }}>
          <RedshiftCtx.Provider logic={garbling} options={{ input: { draft: null } }}>
            <RedshiftView />
          </RedshiftCtx.Provider>
        </ConsoleContext.Provider>
      </Theme>,
    );
    const user = world.user;
    await user.click(await screen.findByRole('checkbox', { name: 'Expire Time' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status', { name: 'Redshift notice' })).toHaveTextContent(
      'Something went wrong. 2 fields are not valid.',
    );
    const userScript = screen.getByRole('switch', { name: 'User Script' });
    expect(userScript).toHaveAttribute('aria-invalid', 'true');
    expect(userScript).toHaveAccessibleDescription('Must be true or false.');
    expect(screen.getByRole('checkbox', { name: 'Product' })).toHaveAccessibleDescription('Must be true or false.');
    expect(await storedConfiguration()).toEqual({
      user_script: false,
      account_script: false,
      user_flag: { expire_time: false, product: false, user_type: false },
    });
    await user.click(userScript);
    expect(screen.getByRole('switch', { name: 'User Script' })).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('checkbox', { name: 'Product' })).toHaveAccessibleDescription('Must be true or false.');
  });
});
