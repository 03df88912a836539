// Generated paths of a user's Notebook tab, replayed on the real view against the real server: a
// user whose notebook was set by the admin (a weekly digest of notes, one template, one tag), a
// library of two sources, a tag group with two tags and one tag in none. The setting is read (or
// not, then again); the frequency and bookmarks changed and saved (saved and stored; a colleague
// first: their setting shown, the person's choice kept to save again or discard; no answer, then
// Retry); every kind of content unticked and refused at its field; a specialist template and a
// second tag chosen and saved; the source picked; a tag group created (stored; a colour refused at
// its field; no answer) or put away. The second walk starts from choices kept across a reload; the
// third is support's, read only.
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect } from 'vitest';
import type { AnyActorRef } from 'xstate';
import { createTag } from '../../server/users/tags';
import {
  NOTEBOOK_CONTENT_LABELS,
  NOTEBOOK_CONTENT_TYPES,
  NOTEBOOK_MESSAGES,
  NOTIFICATION_FREQUENCY_LABELS,
  type NotebookContentType,
} from '../../src/domain/notebook';
import { productTemplatesSource, SPECIALIST_SOURCE } from '../../src/domain/templates';
import { checkNotebookDraft } from '../../src/sections/notebook/notebook.draft';
import { notebookSettingsMachine } from '../../src/sections/notebook/notebook.machine';
import { sameNotification } from '../../src/sections/notebook/notebook.rules';
import {
  notebookSettingsDraftPlan,
  notebookSettingsPlan,
  notebookSettingsReadOnlyPlan,
} from '../../src/sections/notebook/notebook.plan';
import type { NotebookSettingsContext } from '../../src/sections/notebook/notebook.types';
import { readDraft, writeDraft } from '../../src/services/drafts';
import { NotebookCtx } from '../../src/sections/notebook/notebook-context';
import { notebookDraftAddress, NotebookTab } from '../../src/sections/notebook/notebook-tab';
import {
  ActorProbe,
  itPaths,
  closeSignedInWorld,
  openServerWithStaff,
  renderInConsole,
  type SignedInWorld,
} from '../support/path-world';
import { replayPath, type Driver } from '../support/replay';

const READ = '/user/get_notebook_notifiaction_setting/';
/** The three saves' paths all start so. */
const SAVE = '/user/save_no';
const CREATE = '/user/create_tag_group/';
const NO_ANSWER = 'Error: no response from the server';
const EDITOR = ['admin_panel_access', 'user_mgmt', 'edit_user', 'tags', 'adv_settings'];
const SUPPORT = ['admin_panel_access', 'user_mgmt'];

interface World extends SignedInWorld {
  staffId: number;
  userId: number;
  ids: { earnings: number; channel: number; energy: number; retail: number };
  notebook: AnyActorRef | null;
}
let world: World;

async function createWorld(features: string[], kept: boolean): Promise<void> {
  const { server, bridge, signIn } = await openServerWithStaff({ username: 'keeper', features });
  await server.createStaff({ username: 'ada', features: [] });
  const idOf = async (username: string) =>
    Number(
      (await server.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id,
    );
  const [staffId, userId] = [await idOf('keeper'), await idOf('ada')];
  // On notebook v2 as this deployment gives new accounts, without the switcher.
  await server.db
    .updateTable('users')
    .set({ flags: JSON.stringify({ rms_version: 'v2' }) })
    .where('id', '=', userId)
    .execute();
  const now = Date.now();
  const [earnings, channel] = (
    await server.db
      .insertInto('note_templates')
      .values([
        {
          source: productTemplatesSource(server.config.productKey),
          name: 'Earnings call',
          content_type: 'notebook',
          body: 'Guidance, margins, questions.',
          created_at: now,
        },
        {
          source: SPECIALIST_SOURCE,
          name: 'Channel check',
          content_type: 'highlight',
          body: 'Who, where, what moved.',
          created_at: now,
        },
      ])
      .returning('id')
      .execute()
  ).map((r) => Number(r.id)) as [number, number];
  const tag = async (kind: 'group' | 'normal', name: string, parentId: number | null) => {
    const made = await createTag(server.db, { kind, name, description: '', color: '#4A90D9', parentId }, 'admin', now);
    if (!made.ok) throw new Error(made.msg);
    return made.tag.id;
  };
  const sectors = await tag('group', 'Sectors', null);
  const [energy, retail] = [await tag('normal', 'Energy', sectors), await tag('normal', 'Retail', sectors)];
  await tag('normal', 'Watch', null);
  await server.db
    .insertInto('user_notebook')
    .values({
      user_id: userId,
      frequency: 'weekly',
      content_types: JSON.stringify(['notebook']),
      template_ids: JSON.stringify([earnings]),
      tag_ids: JSON.stringify([energy]),
      version: 1,
      updated_by: 'admin',
      updated_at: now,
    })
    .execute();
  const { actors, user } = await signIn(`/user_list/${userId}`);
  world = {
    server,
    bridge,
    user,
    actors,
    staffId,
    userId,
    ids: { earnings, channel, energy, retail },
    notebook: null,
  };
  sessionStorage.clear();
  if (kept)
    writeDraft(notebookDraftAddress(staffId, userId)!, {
      notification: { frequency: 'instant', content_types: ['notebook', 'bookmark'] },
      tag_ids: [energy, retail],
    });
}

afterEach(() => closeSignedInWorld(world));

function mount(): void {
  renderInConsole(
    world.actors,
    <NotebookTab
      userId={world.userId}
      probe={<ActorProbe hook={NotebookCtx.useActorRef} keep={(ref) => (world.notebook = ref)} />}
    />,
  );
}

const context = () => world.notebook!.getSnapshot().context as NotebookSettingsContext;
const online = async () => world.bridge.setOffline(false);
const stored = async () => {
  const row = await world.server.db
    .selectFrom('user_notebook')
    .selectAll()
    .where('user_id', '=', world.userId)
    .executeTakeFirstOrThrow();
  return {
    ...row,
    content_types: JSON.parse(row.content_types) as string[],
    template_ids: JSON.parse(row.template_ids) as number[],
    tag_ids: JSON.parse(row.tag_ids) as number[],
  };
};
const keptDraft = () => readDraft(notebookDraftAddress(world.staffId, world.userId)!, checkNotebookDraft);
const contentBox = (c: NotebookContentType) =>
  within(screen.getByRole('group', { name: 'About' })).getByRole('checkbox', { name: NOTEBOOK_CONTENT_LABELS[c] });
const SAVE_LABELS = { notification: 'Save notifications', templates: 'Save templates', tags: 'Save tags' } as const;
const sorted = (ids: readonly number[]) => [...ids].sort((a, b) => a - b);

/** What every settled tab shows: the version, the stored setting's author, and each choice as the machine holds it. */
async function expectShown(s: typeof screen): Promise<void> {
  const c = context();
  const row = await stored();
  expect(s.getByLabelText('Notebook version', { selector: '[aria-label]' })).toHaveTextContent(
    'Notebook v2 · switcher off',
  );
  expect(s.getByLabelText('Notebook version', { selector: '[aria-label]' })).toHaveTextContent(
    'New accounts on app start on v2; the switcher is off',
  );
  expect(s.getByLabelText('Last saved')).toHaveTextContent(`Last saved by ${row.updated_by}`);
  expect(s.getByRole('radio', { name: NOTIFICATION_FREQUENCY_LABELS[c.notification.frequency] })).toBeChecked();
  for (const t of NOTEBOOK_CONTENT_TYPES) {
    if (c.notification.content_types.includes(t)) expect(contentBox(t)).toBeChecked();
    else expect(contentBox(t)).not.toBeChecked();
  }
  const templates = s.getAllByRole('listitem').map((i) => i.getAttribute('aria-label'));
  // By name; product specialist templates only for a session with Advanced settings (support has not).
  expect(templates).toEqual(
    c.source === SPECIALIST_SOURCE
      ? ['Channel check']
      : c.mayEdit
        ? ['Channel check', 'Earnings call']
        : ['Earnings call'],
  );
  expect(s.queryByRole('combobox', { name: 'Template source' }) !== null).toBe(c.mayEdit);
  for (const [name, id] of [
    ['Earnings call', world.ids.earnings],
    ['Channel check', world.ids.channel],
  ] as const) {
    const item = s.queryByRole('listitem', { name });
    if (item)
      expect(within(item).getByRole('checkbox').getAttribute('aria-checked')).toBe(String(c.templateIds.includes(id)));
  }
  const sectors = within(s.getByRole('group', { name: 'Sectors' }));
  expect(sectors.getByRole('checkbox', { name: 'Energy' }).getAttribute('aria-checked')).toBe(
    String(c.tagIds.includes(world.ids.energy)),
  );
  expect(sectors.getByRole('checkbox', { name: 'Retail' }).getAttribute('aria-checked')).toBe(
    String(c.tagIds.includes(world.ids.retail)),
  );
  expect(
    within(s.getByRole('group', { name: 'Other tags' })).getByRole('checkbox', { name: 'Watch' }),
  ).not.toBeChecked();
  if (c.mayEdit) {
    for (const part of ['notification', 'templates', 'tags'] as const)
      expect(s.getByRole('button', { name: SAVE_LABELS[part] })).toBeInTheDocument();
    expect(s.getByRole('button', { name: 'New tag group' })).toBeEnabled();
  } else {
    expect(s.queryByRole('button', { name: /^Save/ })).toBeNull();
    expect(s.queryByRole('button', { name: 'New tag group' })).toBeNull();
    expect(s.getByRole('radio', { name: NOTIFICATION_FREQUENCY_LABELS.daily })).toBeDisabled();
    expect(sectors.getByRole('checkbox', { name: 'Retail' })).toBeDisabled();
  }
}

function driver(): Driver<World> {
  return {
    machine: notebookSettingsMachine,
    bridge: world.bridge,
    world,
    calls: { loadNotebook: READ, save: SAVE, createGroup: CREATE },
    mount: async () => mount(),
    actor: () => world.notebook!,
    perform: {
      'load.retry': async () => world.user.click(screen.getByRole('button', { name: 'Retry' })),
      'frequency.set': async ({ step }) =>
        world.user.click(
          screen.getByRole('radio', { name: NOTIFICATION_FREQUENCY_LABELS[step.event['frequency'] as 'instant'] }),
        ),
      'content.toggle': async ({ step }) => world.user.click(contentBox(step.event['content'] as NotebookContentType)),
      'source.pick': async () => {
        await world.user.click(screen.getByRole('combobox', { name: 'Template source' }));
        await world.user.click(screen.getByRole('option', { name: 'Product specialist templates' }));
      },
      'template.toggle': async () =>
        world.user.click(within(screen.getByRole('listitem', { name: 'Channel check' })).getByRole('checkbox')),
      'tag.toggle': async () =>
        world.user.click(
          within(screen.getByRole('group', { name: 'Sectors' })).getByRole('checkbox', { name: 'Retail' }),
        ),
      save: async ({ step }) =>
        world.user.click(screen.getByRole('button', { name: SAVE_LABELS[step.event['part'] as 'tags'] })),
      'save.retry': async () =>
        world.user.click(
          within(screen.getByRole('alert', { name: 'Not saved' })).getByRole('button', { name: 'Retry' }),
        ),
      'stale.discard': async () => world.user.click(screen.getByRole('button', { name: 'Discard my changes' })),
      'group.open': async () => world.user.click(screen.getByRole('button', { name: 'New tag group' })),
      'group.set': async ({ step }) =>
        world.user.type(
          within(screen.getByRole('dialog')).getByRole('textbox', {
            name: step.event['field'] === 'name' ? 'Name' : 'Colour',
          }),
          String(step.event['value']),
        ),
      'group.create': async () =>
        world.user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Create' })),
      'group.cancel': async () =>
        world.user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' })),
    },
    arrange: {
      loadFailed: async () => world.bridge.setOffline(true, [READ]),
      saveFailed: async () => world.bridge.setOffline(true, [SAVE]),
      groupFailed: async () => world.bridge.setOffline(true, [CREATE]),
      // A colleague saves another notification setting from the version on screen.
      savedMeanwhile: async () => {
        await world.server.db
          .updateTable('user_notebook')
          .set({
            frequency: 'daily',
            content_types: JSON.stringify(['email']),
            version: context().setting!.version + 1,
            updated_by: 'colleague',
            updated_at: Date.now(),
          })
          .where('user_id', '=', world.userId)
          .execute();
      },
    },
    afterOutcome: { loadFailed: online, saveFailed: online, groupFailed: online },
    expectations: {
      loading: (s) => {
        expect(s.getByRole('status', { name: 'Loading notebook settings' })).toHaveTextContent(
          'Loading notebook settings…',
        );
      },
      failed: (s) => {
        expect(s.getByRole('alert')).toHaveTextContent(`The notebook settings could not be loaded. ${NO_ANSWER}`);
        expect(s.getByRole('button', { name: 'Retry' })).toBeEnabled();
      },
      'ready.editing': async (s, { step }) => {
        await expectShown(s);
        const c = context();
        const row = await stored();
        // The stored setting is the one the machine read or was told about.
        expect(row.version).toBe(c.setting!.version);
        expect({ f: row.frequency, c: row.content_types, t: sorted(row.template_ids), g: sorted(row.tag_ids) }).toEqual(
          {
            f: c.setting!.notification.frequency,
            c: c.setting!.notification.content_types,
            t: sorted(c.setting!.template_ids),
            g: sorted(c.setting!.tag_ids),
          },
        );
        const notice = s.queryByRole('status', { name: 'Notebook notice' });
        switch (step?.outcome) {
          case 'notificationSaved':
            expect(notice).toHaveTextContent(NOTEBOOK_MESSAGES.saved);
            expect(row.frequency).toBe('instant');
            expect(row.content_types).toContain('bookmark');
            expect(row.updated_by).toBe('keeper');
            expect(s.getByRole('button', { name: 'Save notifications' })).toBeDisabled();
            break;
          case 'templatesSaved':
            expect(notice).toHaveTextContent(NOTEBOOK_MESSAGES.saved);
            expect(sorted(row.template_ids)).toEqual(sorted([world.ids.earnings, world.ids.channel]));
            break;
          case 'tagsSaved':
            expect(notice).toHaveTextContent(NOTEBOOK_MESSAGES.saved);
            expect(sorted(row.tag_ids)).toEqual(sorted([world.ids.energy, world.ids.retail]));
            break;
          case 'savedMeanwhile':
            expect(s.getByRole('alert', { name: 'Changed meanwhile' })).toHaveTextContent(
              NOTEBOOK_MESSAGES.stale('colleague'),
            );
            // The person's choice stays on screen; what the colleague stored is said beside it.
            expect(s.getByRole('radio', { name: NOTIFICATION_FREQUENCY_LABELS.instant })).toBeChecked();
            expect(s.getByLabelText('Notifications saved now')).toHaveTextContent(
              'Saved now: Daily digest: Emailed notes',
            );
            expect(s.getByRole('button', { name: 'Save notifications' })).toBeEnabled();
            break;
          case 'contentRefused':
            expect(s.getByText(NOTEBOOK_MESSAGES.contentTypesNeeded)).toBeInTheDocument();
            expect(row.frequency).toBe('weekly');
            break;
          case 'saveFailed':
            expect(s.getByRole('alert', { name: 'Not saved' })).toHaveTextContent(`Nothing was saved. ${NO_ANSWER}`);
            break;
          case 'groupCreated': {
            expect(notice).toHaveTextContent("Tag group 'Regions' created.");
            expect(s.getByRole('group', { name: 'Regions' })).toHaveTextContent('No tags in this group yet.');
            const group = await world.server.db
              .selectFrom('tags')
              .select(['name', 'is_group'])
              .where('name', '=', 'Regions')
              .executeTakeFirstOrThrow();
            expect(group.is_group).toBe(1);
            break;
          }
          default:
            if (step?.event.type === 'stale.discard') {
              expect(s.queryByRole('alert', { name: 'Changed meanwhile' })).toBeNull();
              expect(s.getByRole('radio', { name: NOTIFICATION_FREQUENCY_LABELS.daily })).toBeChecked();
              expect(keptDraft()).toBeNull();
            }
        }
        // What is not saved is kept for a reload; nothing kept once all is saved.
        const draft = keptDraft();
        if (c.mayEdit)
          expect(draft !== null).toBe(
            !sameNotification(c.notification, c.setting!.notification) ||
              !sameSet(c.templateIds, c.setting!.template_ids) ||
              !sameSet(c.tagIds, c.setting!.tag_ids),
          );
        else expect(draft).toBeNull();
        if (step?.outcome !== 'groupCreated') expect(s.queryByRole('group', { name: 'Regions' })).toBeNull();
      },
      'ready.saving': (s) => {
        expect(s.getByRole('button', { name: 'Saving…' })).toBeDisabled();
      },
      'ready.group.editing': async (s, { step }) => {
        const d = within(s.getByRole('dialog'));
        expect(d.getByRole('heading', { name: 'New tag group' })).toBeInTheDocument();
        expect(d.getByRole('button', { name: 'Create' })).toHaveProperty(
          'disabled',
          context().newGroup.name.trim() === '',
        );
        if (step?.outcome === 'groupRefused')
          expect(d.getByRole('textbox', { name: 'Colour' })).toHaveAccessibleDescription('Pick a colour like #C0C0C0.');
        if (step?.outcome === 'groupFailed')
          expect(d.getByRole('alert')).toHaveTextContent(`The tag group was not created. ${NO_ANSWER}`);
        if (step?.outcome)
          expect(
            await world.server.db.selectFrom('tags').select('id').where('name', '=', 'Regions').executeTakeFirst(),
          ).toBeUndefined();
      },
      'ready.group.creating': (s) => {
        expect(within(s.getByRole('dialog')).getByRole('button', { name: 'Creating…' })).toBeDisabled();
      },
    },
  };
}

const sameSet = (a: readonly number[], b: readonly number[]) => JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));

describe("notebookSettings machine paths (a user's Notebook tab, real server)", () => {
  itPaths(notebookSettingsPlan, {
    replay: async (path) => {
      await createWorld(EDITOR, false);
      await replayPath(path, driver());
    },
  });
  itPaths(
    notebookSettingsDraftPlan,
    {
      replay: async (path) => {
        await createWorld(EDITOR, true);
        await replayPath(path, driver());
        // The kept notification was saved; the kept tag is still on screen and still kept.
        expect((await stored()).frequency).toBe('instant');
        expect(keptDraft()).toEqual({ tag_ids: [world.ids.energy, world.ids.retail] });
      },
    },
    'kept across a reload: %s',
  );
  itPaths(
    notebookSettingsReadOnlyPlan,
    {
      replay: async (path) => {
        await createWorld(SUPPORT, false);
        await replayPath(path, driver());
      },
    },
    'read only: %s',
  );
});
