// Generated paths of the copy dialog, replayed on the real view against the real server: ada's
// three saved searches (one named like grace's own) copied to grace — previewed (each count and
// the clash with what it becomes; refused at the users' field when grace is not found; not
// answered, then tried again), changed after a preview (a new one needed), copied (grace then
// holds them; refused at the field; not answered, then tried again), cancelled or closed.
import { screen, within } from '@testing-library/react';
import { useActorRef, useSelector } from '@xstate/react';
import { afterEach, beforeEach, expect } from 'vitest';
import type { AnyActorRef } from 'xstate';
import { CLASH_RESOLUTION_LABELS, contentNameKey } from '../../src/domain/user-content';
import { liveContentCopyMachine } from '../../src/sections/user-content/content-copy.live';
import { contentCopyMachine } from '../../src/sections/user-content/content-copy.machine';
import { contentCopyPlan } from '../../src/sections/user-content/content-copy.plan';
import { selectClosed } from '../../src/sections/user-content/content-copy.selectors';
import type { ContentCopyContext, ContentCopyInput } from '../../src/sections/user-content/content-copy.types';
import { useInspect } from '../../src/ui/console-context';
import { CopyDialog } from '../../src/sections/user-content/copy-dialog';
import {
  closeSignedInWorld,
  describePaths,
  openServerWithStaff,
  renderInConsole,
  type SignedInWorld,
} from '../support/path-world';
import type { Driver } from '../support/replay';
import type { TestServer } from '../support/server';

const COPY = '/user/copy_saved_searches/';
const NO_ANSWER = 'Error: no response from the server';
const ADA_SEARCHES = ['Chip makers', 'Rate cuts', 'Semiconductor earnings'];

interface World extends SignedInWorld {
  input: ContentCopyInput;
  graceId: number;
  copy: AnyActorRef | null;
}
let world: World;

const userId = async (server: TestServer, username: string) =>
  Number(
    (await server.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id,
  );

async function savedSearch(server: TestServer, owner: number, name: string): Promise<number> {
  const now = Date.now();
  const row = await server.db
    .insertInto('user_content')
    .values({
      user_id: owner,
      kind: 'saved_search',
      name,
      name_key: contentNameKey(name),
      body: JSON.stringify({ query: `"${name}"`, sources: ['AMR'], alert: false }),
      size: 1,
      last_used_at: null,
      created_by: 'seed',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

beforeEach(async () => {
  const { server, bridge, signIn } = await openServerWithStaff({
    username: 'keeper',
    features: ['admin_panel_access', 'user_mgmt', 'edit_user', 'is_admin_ss'],
  });
  await server.createStaff({ username: 'ada', features: [] });
  await server.createStaff({ username: 'grace', features: [] });
  const adaId = await userId(server, 'ada');
  const graceId = await userId(server, 'grace');
  const items = [];
  for (const name of ADA_SEARCHES) items.push({ id: await savedSearch(server, adaId, name), name });
  await savedSearch(server, graceId, 'Semiconductor earnings');
  const { actors, user } = await signIn('/user_list');
  world = {
    server,
    bridge,
    user,
    actors,
    graceId,
    copy: null,
    input: { kind: 'saved_search', sourceUserId: adaId, items, targets: '', onClash: 'rename' },
  };
});

afterEach(() => closeSignedInWorld(world));

function Harness() {
  const actor = useActorRef(liveContentCopyMachine, { input: world.input, inspect: useInspect() });
  world.copy = actor;
  const closed = useSelector(actor, selectClosed);
  return closed ? (
    <p role="status" aria-label="Dialog closed">
      Closed
    </p>
  ) : (
    <CopyDialog actor={actor} />
  );
}

function mount(): void {
  renderInConsole(world.actors, <Harness />);
}

const context = () => world.copy!.getSnapshot().context as ContentCopyContext;
const dialog = () => within(screen.getByRole('dialog'));
const online = async () => world.bridge.setOffline(false);
/** Grace's saved searches as the server holds them, by name. */
const graceHolds = async () =>
  (
    await world.server.db
      .selectFrom('user_content')
      .select('name')
      .where('user_id', '=', world.graceId)
      .where('kind', '=', 'saved_search')
      .orderBy('name')
      .execute()
  ).map((r) => r.name);
/** Grace cannot be found while the call is made (a username changed meanwhile). */
const hideGrace = async () => {
  await world.server.db.updateTable('users').set({ username: 'grace.gone' }).where('id', '=', world.graceId).execute();
};
const showGrace = async () => {
  await world.server.db.updateTable('users').set({ username: 'grace' }).where('id', '=', world.graceId).execute();
};

/** What the form shows in every state it is in: the items, the users typed, the choice, a refusal at its field. */
function expectForm(): void {
  const d = dialog();
  expect(d.getByLabelText('Chosen items')).toHaveTextContent(ADA_SEARCHES.join(', '));
  expect(d.getByLabelText('Users to copy to')).toHaveValue(context().targets);
  expect(d.getByRole('radio', { name: CLASH_RESOLUTION_LABELS[context().onClash] })).toBeChecked();
  const refusal = context().fieldErrors['targets'];
  // Said once, at its field.
  if (refusal) expect(d.getByText(refusal)).toHaveAttribute('id', 'copy-targets-error');
}

function driver(): Driver<World> {
  return {
    machine: contentCopyMachine,
    bridge: world.bridge,
    world,
    calls: { preview: COPY, copy: COPY },
    mount: async () => mount(),
    actor: () => world.copy!,
    perform: {
      'targets.change': async ({ step }) => {
        const box = dialog().getByLabelText('Users to copy to');
        await world.user.clear(box);
        await world.user.type(box, String(step.event['text']));
      },
      'clash.change': async () => world.user.click(dialog().getByRole('radio', { name: CLASH_RESOLUTION_LABELS.skip })),
      'copy.preview': async () => world.user.click(dialog().getByRole('button', { name: 'Preview' })),
      'copy.send': async () => world.user.click(dialog().getByRole('button', { name: 'Copy' })),
      'copy.retry': async () => world.user.click(dialog().getByRole('button', { name: 'Retry' })),
      'copy.cancel': async () => world.user.click(dialog().getByRole('button', { name: 'Cancel' })),
      'copy.close': async () => world.user.click(dialog().getByRole('button', { name: 'Close' })),
    },
    arrange: {
      previewRefused: hideGrace,
      copyRefused: hideGrace,
      previewFailed: async () => world.bridge.setOffline(true, [COPY]),
      copyFailed: async () => world.bridge.setOffline(true, [COPY]),
    },
    afterOutcome: { previewRefused: showGrace, copyRefused: showGrace, previewFailed: online, copyFailed: online },
    expectations: {
      editing: async (s, { step }) => {
        expect(s.getByRole('dialog', { name: 'Copy 3 saved searches to users' })).toBeInTheDocument();
        expectForm();
        expect(dialog().getByRole('button', { name: 'Preview' })).toHaveProperty(
          'disabled',
          context().targets.trim() === '',
        );
        expect(dialog().queryByRole('region', { name: 'Preview' })).toBeNull();
        if (step?.outcome === 'previewRefused' || step?.outcome === 'copyRefused') {
          expect(dialog().getByText('No user matches: grace.')).toHaveAttribute('id', 'copy-targets-error');
          expect(dialog().getByLabelText('Users to copy to')).toHaveAttribute('aria-invalid', 'true');
        }
        expect(await graceHolds()).toEqual(['Semiconductor earnings']);
      },
      previewing: () => {
        expectForm();
        expect(dialog().getByRole('button', { name: 'Previewing…' })).toBeDisabled();
      },
      previewed: async () => {
        expectForm();
        const preview = dialog().getByRole('region', { name: 'Preview' });
        const grace = within(within(preview).getByRole('group', { name: 'Preview for grace' }));
        const rename = context().onClash === 'rename';
        // Two new names, and the clash renamed or skipped as chosen.
        expect(grace.getByRole('row', { name: 'Counts' })).toHaveTextContent(rename ? /^3100$/ : /^2010$/);
        expect(grace.getByRole('list', { name: 'Clashes for grace' })).toHaveTextContent(
          rename
            ? 'Semiconductor earnings → Semiconductor earnings (2)'
            : 'Semiconductor earnings: skipped, theirs kept',
        );
        expect(dialog().getByRole('button', { name: 'Copy' })).toBeEnabled();
        // A preview changes nothing.
        expect(await graceHolds()).toEqual(['Semiconductor earnings']);
      },
      copying: () => {
        expect(dialog().getByRole('button', { name: 'Copying…' })).toBeDisabled();
        expect(dialog().getByRole('region', { name: 'Preview' })).toBeInTheDocument();
      },
      failed: () => {
        expectForm();
        const said = context().pending === 'copy' ? 'Nothing was copied.' : 'Nothing was previewed.';
        expect(dialog().getByRole('alert', { name: 'Copy failed' })).toHaveTextContent(`${said} ${NO_ANSWER}`);
        expect(dialog().getByRole('button', { name: 'Retry' })).toBeEnabled();
      },
      done: async () => {
        expect(dialog().getByRole('status', { name: 'Copy result' })).toHaveTextContent(
          context().onClash === 'rename' ? 'Copied 3 saved searches to 1 user.' : 'Copied 2 saved searches to 1 user.',
        );
        const held = await graceHolds();
        expect(held).toEqual(
          context().onClash === 'rename'
            ? ['Chip makers', 'Rate cuts', 'Semiconductor earnings', 'Semiconductor earnings (2)']
            : ['Chip makers', 'Rate cuts', 'Semiconductor earnings'],
        );
      },
      closed: (s) => {
        expect(s.queryByRole('dialog')).toBeNull();
        expect(s.getByRole('status', { name: 'Dialog closed' })).toBeInTheDocument();
      },
    },
  };
}

describePaths('contentCopy machine paths (the copy dialog, real server)', contentCopyPlan, { driver });
