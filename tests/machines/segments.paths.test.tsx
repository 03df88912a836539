// Generated paths of the Segments tab, replayed on the real view against the real server: 21
// segments (Alpha readers and twenty fillers, two pages), read, read empty or not read; paged,
// searched; Alpha renamed (saved, refused at its name, saved by someone else first, not sent),
// deleted (or not), and its two members given a tag after a count read at that moment (or the
// segment gone meanwhile, or no answer), applied or not. The second walk opens on the user
// list's query (Save as segment). Not generated: the form kept across a reload.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AnyActorRef } from 'xstate';
import { FEATURE_KEYS } from '../../src/domain/features';
import type { SegmentQuery } from '../../src/domain/segments';
import { segmentEditorMachine } from '../../src/sections/segments-n-tags/segments.machine';
import { PLAN_QUERY, segmentEditorPlan, segmentEditorSavePlan } from '../../src/sections/segments-n-tags/segments.plan';
import { SegmentsCtx } from '../../src/sections/segments-n-tags/segments-context';
import { SegmentsDraftKeeper, SegmentsScope, SegmentsView } from '../../src/sections/segments-n-tags/segments-panel';
import type { PlannedStep } from '../../src/workflows/paths';
import {
  ActorProbe,
  closeSignedInWorld,
  describePaths,
  openServerWithStaff,
  renderInConsole,
  type SignedInWorld,
} from '../support/path-world';
import type { Driver } from '../support/replay';
import { userRow } from '../support/factories';

const SEGMENTS = '/segments/';
const ASSIGN = '/segments/assign_tags/';
const NO_ANSWER = 'Error: no response from the server';
const TAG = 'Desk red';
const ALPHA_WORDS = 'Type: Trial · Active · Sorted by Expiry, ascending';

interface World extends SignedInWorld {
  staffId: number;
  prefill: SegmentQuery | null;
  editor: AnyActorRef | null;
  alphaId: number;
  /** Alpha's name as stored now. */
  alpha: string;
  members: number[];
  tagId: number;
  /** Rows taken away while an outcome needs them gone. */
  stash: Record<string, unknown>[];
  opened: string[];
}
let world: World;

const insertSegment = (name: string, query: SegmentQuery, description = '') =>
  world.server.db
    .insertInto('segments')
    .values({
      name,
      description,
      query: JSON.stringify(query),
      created_by: 'admin',
      updated_by: 'admin',
      created_at: Date.UTC(2026, 10, 20),
      updated_at: Date.UTC(2026, 10, 20),
      version: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

async function createWorld(prefill: SegmentQuery | null): Promise<void> {
  const { server, bridge, signIn } = await openServerWithStaff({ username: 'segmenter', features: FEATURE_KEYS });
  const now = Date.now();
  const org = await server.db
    .insertInto('organizations')
    .values({ name: 'Reader Org', salesforce_id: null, sf_acc_id: null, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const members: number[] = [];
  for (const [first, active] of [
    ['Ann', 1],
    ['Ben', 1],
    ['Cy', 0],
  ] as const) {
    const row = await server.db
      .insertInto('users')
      .values(
        userRow({
          username: `${first.toLowerCase()}.reader`,
          email: `${first.toLowerCase()}@reader-org.example`,
          first_name: first,
          last_name: 'Reader',
          organization_id: org.id,
          active,
          created_at: now,
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    if (active) members.push(row.id);
  }
  const tag = await server.db
    .insertInto('tags')
    .values({
      name: TAG,
      color: '#E5484D',
      description: '',
      parent_id: null,
      icon: null,
      is_group: 0,
      created_by: 'system',
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { actors, user } = await signIn('/segments_n_tags');
  const staffRow = await server.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', 'segmenter')
    .executeTakeFirstOrThrow();
  world = {
    server,
    bridge,
    user,
    actors,
    staffId: staffRow.id,
    prefill,
    editor: null,
    alphaId: 0,
    alpha: 'Alpha readers',
    members,
    tagId: tag.id,
    stash: [],
    opened: [],
  };
  world.alphaId = (await insertSegment('Alpha readers', PLAN_QUERY, 'Trial users')).id;
  for (let i = 1; i <= 20; i++)
    await insertSegment(`Filler ${String(i).padStart(2, '0')}`, {
      ...PLAN_QUERY,
      user_type: 'journalist',
      active: '',
      sort: 'id',
      dir: 'desc',
    });
  sessionStorage.clear();
}

afterEach(() => closeSignedInWorld(world));

function mount(): void {
  renderInConsole(
    world.actors,
    <SegmentsScope staff={world.staffId} prefill={world.prefill}>
      <ActorProbe hook={SegmentsCtx.useActorRef} keep={(ref) => (world.editor = ref)} />
      <SegmentsDraftKeeper staff={world.staffId} />
      <SegmentsView
        userListHref="/user_list"
        listHref={(s) => `/user_list?segment=${s.id}`}
        openInList={(s) => world.opened.push(s.name)}
      />
    </SegmentsScope>,
  );
}

const dialog = () => screen.getByRole('dialog');
const alertDialog = () => screen.getByRole('alertdialog');
const inDialog = (name: string | RegExp) => within(dialog()).getByRole('button', { name });
const editorContext = () =>
  world.editor!.getSnapshot().context as { page: number; q: string; form: { id: number | null; name: string } | null };
const tagsOf = async (userId: number) =>
  (await world.server.db.selectFrom('user_tags').select('tag_id').where('user_id', '=', userId).execute()).map((r) =>
    Number(r.tag_id),
  );

async function stashSegments(where: 'all' | 'alpha'): Promise<void> {
  let q = world.server.db.selectFrom('segments').selectAll();
  if (where === 'alpha') q = q.where('id', '=', world.alphaId);
  world.stash = (await q.execute()) as unknown as Record<string, unknown>[];
  await world.server.db
    .deleteFrom('segments')
    .where(
      'id',
      'in',
      world.stash.map((r) => r['id'] as number),
    )
    .execute();
}
async function restoreSegments(): Promise<void> {
  if (world.stash.length)
    await world.server.db
      .insertInto('segments')
      .values(world.stash as never)
      .execute();
  world.stash = [];
}

async function typeInto(label: string, value: string): Promise<void> {
  const field = screen.getByLabelText(label);
  await world.user.clear(field);
  if (value) await world.user.type(field, value);
}

/** What the form dialog must say after this step. */
function formAlert(step: PlannedStep | undefined): string | null {
  switch (step?.outcome) {
    case 'savedMeanwhile':
      return `Someone else saved this segment since you opened it; it is now named '${world.alpha}'. Save again to replace it with yours, or Cancel to keep theirs.`;
    case 'saveFailed':
      return `The segment was not saved. ${NO_ANSWER}`;
    default:
      return null;
  }
}

function driver(): Driver<World> {
  return {
    machine: segmentEditorMachine,
    bridge: world.bridge,
    world,
    calls: {
      loadSegments: SEGMENTS,
      saveSegment: SEGMENTS,
      removeSegment: SEGMENTS,
      countMembers: SEGMENTS,
      applyTags: ASSIGN,
    },
    mount: async () => mount(),
    actor: () => world.editor!,
    perform: {
      'segments.search': async () => {
        await typeInto('Segment name', 'Alpha');
        await world.user.click(screen.getByRole('button', { name: 'Find' }));
      },
      'segments.page': async () =>
        world.user.click(screen.getByRole('button', { name: editorContext().page === 1 ? 'Next' : 'Previous' })),
      'list.retry': async () => world.user.click(screen.getByRole('button', { name: 'Retry' })),
      'segment.rename': async () => world.user.click(screen.getByRole('button', { name: `Rename ${world.alpha}` })),
      'form.name': async ({ step }) => typeInto('Name', String(step.event['value'])),
      'form.description': async ({ step }) => typeInto('Description', String(step.event['value'])),
      'form.submit': async ({ next }) => {
        // The name the outcome asks for: one another segment has, or any when none is typed yet.
        if (next?.outcome === 'nameTaken') await typeInto('Name', 'FILLER 01');
        else if ((screen.getByLabelText('Name') as HTMLInputElement).value.trim() === '')
          await typeInto('Name', 'Expiring trials');
        await world.user.click(inDialog('Save'));
      },
      'form.cancel': async () => world.user.click(inDialog('Cancel')),
      'segment.delete': async () => world.user.click(screen.getByRole('button', { name: `Delete ${world.alpha}` })),
      'delete.confirm': async () => world.user.click(within(alertDialog()).getByRole('button', { name: 'Delete' })),
      'delete.cancel': async () => world.user.click(within(alertDialog()).getByRole('button', { name: 'Cancel' })),
      'segment.tag': async () =>
        world.user.click(screen.getByRole('button', { name: `Tags for members of ${world.alpha}` })),
      'tags.apply': async () => {
        await within(dialog()).findByRole('textbox', { name: 'Add a tag' });
        const chosen = within(dialog()).queryByRole('list', { name: 'Chosen tags' });
        if (!chosen || !within(chosen).queryByText(TAG)) {
          await world.user.type(within(dialog()).getByRole('textbox', { name: 'Add a tag' }), 'Desk');
          await world.user.click(within(dialog()).getByRole('button', { name: `Add tag ${TAG}` }));
          await within(await within(dialog()).findByRole('list', { name: 'Chosen tags' })).findByText(TAG);
        }
        await world.user.click(inDialog('Add Tags'));
      },
      'tags.confirm': async () => world.user.click(inDialog('Add Tags')),
      'tags.back': async () => world.user.click(inDialog('Back')),
      'tagging.close': async () => {
        const close =
          within(dialog()).queryByRole('button', { name: 'Close' }) ??
          within(dialog()).queryByRole('button', { name: 'Cancel' });
        if (close) await world.user.click(close);
        else await world.user.keyboard('{Escape}');
      },
    },
    arrange: {
      loadedEmpty: async () => stashSegments('all'),
      loadFailed: async () => world.bridge.setOffline(true, [SEGMENTS]),
      savedMeanwhile: async () => {
        world.alpha = 'Alpha readers (theirs)';
        await world.server.db
          .updateTable('segments')
          .set({ name: world.alpha, version: 2 })
          .where('id', '=', world.alphaId)
          .execute();
      },
      saveFailed: async () => world.bridge.setOffline(true, [SEGMENTS]),
      removeFailed: async () => world.bridge.setOffline(true, [SEGMENTS]),
      segmentGone: async () => stashSegments('alpha'),
      countFailed: async () => world.bridge.setOffline(true, [SEGMENTS]),
      applyFailed: async () => world.bridge.setOffline(true, [ASSIGN]),
    },
    afterOutcome: {
      loadedEmpty: restoreSegments,
      segmentGone: restoreSegments,
      ...Object.fromEntries(
        ['loadFailed', 'saveFailed', 'removeFailed', 'countFailed', 'applyFailed'].map((n) => [
          n,
          async () => world.bridge.setOffline(false),
        ]),
      ),
      saved: async () => {
        const row = await world.server.db
          .selectFrom('segments')
          .select('name')
          .where('id', '=', world.alphaId)
          .executeTakeFirst();
        if (row) world.alpha = row.name;
      },
    },
    expectations: {
      loading: async (s, { step }) => {
        expect(s.getByLabelText('Loading segments')).toBeInTheDocument();
        if (step?.outcome === 'saved') {
          expect(s.getByRole('status', { name: 'Segments notice' })).toHaveTextContent(/^Segment '.+' saved\.$/);
          expect(s.queryByRole('dialog')).toBeNull();
        }
        if (step?.outcome === 'removed') {
          expect(s.getByRole('status', { name: 'Segments notice' })).toHaveTextContent(
            `Segment '${world.alpha}' deleted.`,
          );
          expect(
            await world.server.db
              .selectFrom('segments')
              .select('id')
              .where('id', '=', world.alphaId)
              .executeTakeFirst(),
          ).toBeUndefined();
        }
        if (!step) expect(s.getByRole('status')).toHaveTextContent('Loading segments…');
      },
      failed: (s) => {
        expect(s.getByRole('alert')).toHaveTextContent(`The segments could not be loaded. ${NO_ANSWER}`);
        expect(s.getByRole('button', { name: 'Retry' })).toBeEnabled();
        expect(s.queryByRole('table', { name: 'Segments' })).toBeNull();
      },
      'browsing.listed': async (s) => {
        const { page, q } = editorContext();
        const table = await s.findByRole('table', { name: 'Segments' });
        const total = (await world.server.db.selectFrom('segments').select('id').execute()).length;
        const rows = within(table).getAllByRole('row').slice(1);
        expect(s.queryByRole('dialog')).toBeNull();
        expect(s.queryByRole('alertdialog')).toBeNull();
        if (page === 2) {
          expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual(['Filler 20']);
          expect(total).toBe(21);
          expect(s.getByRole('navigation', { name: 'Segment pages' })).toHaveTextContent(
            `Page 2 of 2 · ${total} segments`,
          );
          return;
        }
        const alpha = within(table).getByRole('row', { name: world.alpha });
        expect(rows[0]).toBe(alpha);
        expect(rows).toHaveLength(q ? 1 : 20);
        // Two active trial users: the count the user list shows for the same query.
        expect(alpha).toHaveTextContent(`${world.alpha}Trial users2${ALPHA_WORDS}Nov 20, 2026 by admin`);
        expect(within(alpha).getByRole('link', { name: `Open ${world.alpha} in the user list` })).toHaveAttribute(
          'href',
          `/user_list?segment=${world.alphaId}`,
        );
        if (!q)
          expect(s.getByRole('navigation', { name: 'Segment pages' })).toHaveTextContent(
            `Page 1 of 2 · ${total} segments`,
          );
      },
      'browsing.empty': (s) => {
        const { q } = editorContext();
        expect(s.getByText(q ? `No segment's name holds “${q}”.` : /^There are no segments yet\./)).toBeVisible();
        expect(s.queryByRole('table', { name: 'Segments' })).toBeNull();
        expect(s.queryByRole('dialog')).toBeNull();
      },
      'form.editing': async (s, { step }) => {
        const form = editorContext().form!;
        expect(
          within(dialog()).getByRole('heading', { name: form.id === null ? 'Save as segment' : 'Rename segment' }),
        ).toBeVisible();
        expect(within(dialog()).getByLabelText('Segment query')).toHaveTextContent(`Query: ${ALPHA_WORDS}`);
        expect(s.getByLabelText('Name')).toHaveValue(form.name);
        expect(inDialog('Save')).toBeEnabled();
        if (step?.outcome === 'nameTaken') {
          expect(s.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
          expect(
            within(dialog()).getByText("A segment named 'FILLER 01' exists (names are the same whatever their case)."),
          ).toBeVisible();
          expect(within(dialog()).queryByRole('alert')).toBeNull();
        } else {
          const alert = formAlert(step);
          if (alert) expect(within(dialog()).getByRole('alert')).toHaveTextContent(alert);
          else expect(within(dialog()).queryByRole('alert')).toBeNull();
        }
      },
      'form.saving': () => {
        expect(inDialog('Cancel')).toBeDisabled();
        expect(screen.getByLabelText('Name')).toBeDisabled();
      },
      'deleting.confirm': async (_s, { step }) => {
        expect(within(alertDialog()).getByRole('heading', { name: 'Delete segment?' })).toBeVisible();
        expect(alertDialog()).toHaveTextContent(
          `'${world.alpha}' will be deleted. Its members stay as they are, tags included.`,
        );
        if (step?.outcome === 'removeFailed') {
          expect(within(alertDialog()).getByRole('alert')).toHaveTextContent(
            `The segment was not deleted. ${NO_ANSWER}`,
          );
          expect(
            await world.server.db
              .selectFrom('segments')
              .select('id')
              .where('id', '=', world.alphaId)
              .executeTakeFirst(),
          ).toBeDefined();
        }
      },
      'deleting.removing': () => {
        expect(within(alertDialog()).getByRole('button', { name: 'Cancel' })).toBeDisabled();
      },
      'tagging.choosing': async (_s, { step }) => {
        expect(
          within(dialog()).getByRole('heading', { name: `Tags for the members of '${world.alpha}'` }),
        ).toBeVisible();
        expect(await within(dialog()).findByRole('group', { name: 'Tags to apply' })).toBeVisible();
        expect(inDialog('Reset Tags')).toBeEnabled();
        if (step?.outcome === 'segmentGone')
          expect(within(dialog()).getByRole('alert')).toHaveTextContent(
            'This segment was deleted meanwhile; close this dialog.',
          );
        else if (step?.outcome === 'countFailed')
          expect(within(dialog()).getByRole('alert')).toHaveTextContent(
            `The members could not be counted. ${NO_ANSWER}`,
          );
        else expect(within(dialog()).queryByRole('alert')).toBeNull();
        // Nothing is applied while choosing.
        for (const id of world.members) expect(await tagsOf(id)).toEqual([]);
      },
      'tagging.counting': () => {
        expect(within(dialog()).getByRole('status')).toHaveTextContent('Counting the members…');
        expect(inDialog('Add Tags')).toBeDisabled();
      },
      'tagging.confirming': (_s, { step }) => {
        expect(within(dialog()).getByRole('status', { name: 'Confirm tags' })).toHaveTextContent(
          `Add 1 tag to 2 members of '${world.alpha}'?`,
        );
        expect(inDialog('Add Tags')).toBeEnabled();
        if (step?.outcome === 'applyFailed')
          expect(within(dialog()).getByRole('alert')).toHaveTextContent(`No tags were changed. ${NO_ANSWER}`);
        else expect(within(dialog()).queryByRole('alert')).toBeNull();
      },
      'tagging.applying': () => {
        expect(inDialog('Back')).toBeDisabled();
      },
      'tagging.applied': async () => {
        expect(within(dialog()).getByRole('status', { name: 'Tags applied' })).toHaveTextContent(
          'Tags added to 2 members; 2 users changed.',
        );
        for (const id of world.members) expect(await tagsOf(id)).toEqual([world.tagId]);
      },
    },
  };
}

describePaths('segmentEditor machine paths (Segments tab, real server)', segmentEditorPlan, {
  before: () => createWorld(null),
  driver,
});

describePaths("segmentEditor machine paths from the user list's Save as segment", segmentEditorSavePlan, {
  before: () => createWorld(PLAN_QUERY),
  driver,
});

describe('the form kept across a reload (decision 042)', () => {
  beforeEach(() => createWorld(PLAN_QUERY));

  it('brings back what was typed into Save as segment, and saves it with its query', async () => {
    mount();
    await world.user.type(await screen.findByLabelText('Name'), 'Kept trials');
    await waitFor(() => expect(sessionStorage.length).toBe(1));
    // A reload: the page starts again from what the tab kept (no query in the address any more).
    world.prefill = null;
    cleanup();
    mount();
    expect(await screen.findByLabelText('Name')).toHaveValue('Kept trials');
    await world.user.click(inDialog('Save'));
    expect(await screen.findByRole('status', { name: 'Segments notice' })).toHaveTextContent(
      "Segment 'Kept trials' saved.",
    );
    const row = await world.server.db
      .selectFrom('segments')
      .selectAll()
      .where('name', '=', 'Kept trials')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.query)).toEqual(PLAN_QUERY);
    await waitFor(() => expect(sessionStorage.length).toBe(0));
  });
});
