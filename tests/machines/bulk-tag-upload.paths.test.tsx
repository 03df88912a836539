// Generated paths of Bulk Tag Upload, replayed on the real tab against the real server
// in-process: a file read (by the worker's own parser, run here in the test, held while the
// state 'parsing' is looked at), refused here, refused by the reader or failing; tags chosen in
// the real tag selector before or after the file, and changed while the dry run runs or shows;
// the dry run answered or unreachable; Reset Tags or Add Tags confirmed or cancelled, answered
// with Success and the Invalid Users, with nobody left to tag, or not at all; the CSV downloads.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise, type AnyActorRef } from 'xstate';
import { FEATURE_KEYS } from '../../src/domain/features';
import { readIdentifierFile } from '../../src/domain/identifier-file';
import { liveBulkTagUploadMachine } from '../../src/sections/segments-n-tags/bulk-tag-upload.live';
import { bulkTagUploadMachine, NOBODY_MATCHED } from '../../src/sections/segments-n-tags/bulk-tag-upload.machine';
import { bulkTagUploadPlan } from '../../src/sections/segments-n-tags/bulk-tag-upload.plan';
import {
  ADD_TAGS,
  INVALID_DOWNLOAD,
  RESET_TAGS,
  UNMATCHED_DOWNLOAD,
} from '../../src/sections/segments-n-tags/assign-tags';
import { BulkTagUploadCtx } from '../../src/sections/segments-n-tags/bulk-tag-upload-context';
import { BulkTagUploadPanel, BulkTagUploadScope } from '../../src/sections/segments-n-tags/bulk-tag-upload-tab';
import { FILE_HINT, FILE_LABEL, PROBLEMS_DOWNLOAD } from '../../src/sections/segments-n-tags/upload-file';
import {
  ActorProbe,
  closeSignedInWorld,
  itPaths,
  openServerWithStaff,
  renderInConsole,
  type SignedInWorld,
} from '../support/path-world';
import type { Driver } from '../support/replay';
import { userRow } from '../support/factories';
import { bridgeWithParser, bytesOf, PARSE, type Gate } from '../support/upload-parse';

const PREVIEW = '/user/assign_tags_preview/';
const ASSIGN = '/user/assign_tags/';
/** The parser is no HTTP call: holding this "path" holds the file's reading. */
const NO_ANSWER = 'Error: no response from the server';
const EMAIL = 'user1@example.com';
const GHOST = 'ghost@nowhere.example';
const TAG_NAMES: Record<number, string> = { 1: 'Alpha desk', 2: 'Beta program' };
const FILE_TEXT = `email\r\n${EMAIL}\r\n${GHOST}\r\na,b\r\n`;

interface World extends SignedInWorld {
  userId: number;
  /** Real tag ids by the plan's (1, 2). */
  tagIds: Record<number, number>;
  bulk: AnyActorRef | null;
  /** The plan's tags the selector holds. */
  chosen: number[];
  fileName: string;
  refusal: string;
  blobs: Blob[];
  parseHeld: Gate | null;
  parseCrash: boolean;
}
let world: World;

/** The worker's parser, run in the test; it waits while the replay looks at 'parsing'. */
const testedMachine = liveBulkTagUploadMachine.provide({
  actors: {
    parseFile: fromPromise(async ({ input }) => {
      await world.parseHeld?.promise;
      if (world.parseCrash) throw new Error('the file reader stopped: out of memory');
      return readIdentifierFile(new Uint8Array(await bytesOf(input.file)));
    }),
  },
});

async function createWorld(): Promise<void> {
  const { server, bridge, signIn } = await openServerWithStaff({ username: 'bulk-tagger', features: FEATURE_KEYS });
  const now = Date.now();
  const org = await server.db
    .insertInto('organizations')
    .values({ name: 'Tag Org', salesforce_id: null, sf_acc_id: null, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const managed = await server.db
    .insertInto('users')
    .values(
      userRow({
        username: 'user1',
        email: EMAIL,
        first_name: 'Una',
        last_name: 'User',
        organization_id: org.id,
        created_at: now,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  const tagIds: Record<number, number> = {};
  for (const [planId, name] of Object.entries(TAG_NAMES)) {
    tagIds[Number(planId)] = (
      await server.db
        .insertInto('tags')
        .values({
          name,
          color: '#1E6FD9',
          description: '',
          parent_id: null,
          icon: null,
          is_group: 0,
          created_by: 'system',
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  }
  const { actors, user } = await signIn('/segments_n_tags');
  world = {
    server,
    bridge,
    user,
    actors,
    userId: managed.id,
    tagIds,
    bulk: null,
    chosen: [],
    fileName: '',
    refusal: '',
    blobs: [],
    parseHeld: null,
    parseCrash: false,
  };
  URL.createObjectURL = (blob: Blob) => (world.blobs.push(blob), 'blob:bulk-tags');
  URL.revokeObjectURL = () => {};
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
}

afterEach(async () => {
  world.parseHeld?.open();
  await closeSignedInWorld(world);
  vi.restoreAllMocks();
});

function mount(): void {
  renderInConsole(
    world.actors,
    <BulkTagUploadScope logic={testedMachine}>
      <ActorProbe hook={BulkTagUploadCtx.useActorRef} keep={(ref) => (world.bulk = ref)} />
      <BulkTagUploadPanel />
    </BulkTagUploadScope>,
  );
}

const region = (name: string) => screen.getByRole('region', { name });
const tagsGroup = () => screen.getByRole('group', { name: 'Tags' });
const button = (name: string) => screen.getByRole('button', { name });
const spins = (el: HTMLElement) => el.querySelector('.rt-Spinner') !== null;
const tagsOf = async () =>
  (
    await world.server.db
      .selectFrom('user_tags')
      .select('tag_id')
      .where('user_id', '=', world.userId)
      .orderBy('tag_id')
      .execute()
  ).map((r) => Number(r.tag_id));
const chosenReal = () => world.chosen.map((id) => world.tagIds[id]!).sort((a, b) => a - b);

function fileFor(size: number, outcome: string | undefined): File {
  if (size > 1_000_000) return new File([new Uint8Array(9_000_000)], 'huge.csv', { type: 'text/csv' });
  // A picture renamed .csv: its bytes are no UTF-8 text.
  if (outcome === 'notText')
    return new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0xff, 0xfe])], 'people.csv', {
      type: 'text/csv',
    });
  return new File([FILE_TEXT], 'people.csv', { type: 'text/csv' });
}

/** One click in the real tag selector: a tag added or removed; typing alone changes no tag. */
async function chooseTags(next: number[]): Promise<void> {
  const added = next.find((id) => !world.chosen.includes(id));
  const removed = world.chosen.find((id) => !next.includes(id));
  const box = () => within(tagsGroup()).getByRole('textbox', { name: 'Add a tag' });
  if (added !== undefined) {
    await world.user.type(box(), TAG_NAMES[added]!.slice(0, 4));
    await world.user.click(within(tagsGroup()).getByRole('button', { name: `Add tag ${TAG_NAMES[added]}` }));
  } else if (removed !== undefined) {
    await world.user.click(within(tagsGroup()).getByRole('button', { name: `Remove tag ${TAG_NAMES[removed]}` }));
  } else {
    await world.user.type(box(), 'Al');
    await world.user.keyboard('{Escape}');
  }
  world.chosen = next;
}

/** What the dry run must say now: user1 against the chosen tags, as the database holds them. */
async function expectedCounts(): Promise<{ add: number; overwrite: number }> {
  const holds = await tagsOf();
  const chosen = chosenReal();
  const add = chosen.some((t) => !holds.includes(t)) ? 1 : 0;
  return { add, overwrite: add || holds.some((t) => !chosen.includes(t)) ? 1 : 0 };
}
const users = (x: number) => `${x} ${x === 1 ? "user's" : "users'"}`;

function expectFileRead(): void {
  expect(within(region('File read')).getByRole('status')).toHaveTextContent(
    'people.csv: 2 identifiers read; its first row (email) is a header and was skipped; 1 row was not taken.',
  );
  const rows = within(within(region('File read')).getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.textContent);
  expect(rows).toEqual(['4a,b2 values in one row; put one email, username or user id per row.']);
}

async function expectChosenShown(): Promise<void> {
  // The selector loads its tags on its own; the list shows once they are in (none: no list).
  await within(tagsGroup()).findByRole('textbox', { name: 'Add a tag' });
  const list = world.chosen.length ? await within(tagsGroup()).findByRole('list', { name: 'Chosen tags' }) : null;
  if (!list) expect(within(tagsGroup()).queryByRole('list', { name: 'Chosen tags' })).toBeNull();
  const labels = list
    ? within(list)
        .queryAllByRole('listitem')
        .map((li) => li.textContent?.replace('×', ''))
    : [];
  expect(labels).toEqual(world.chosen.map((id) => TAG_NAMES[id]));
  expect(within(tagsGroup()).queryByText('Saved')).toBeNull();
}

function driver(): Driver<World> {
  return {
    machine: bulkTagUploadMachine,
    bridge: bridgeWithParser(world),
    world,
    calls: { parseFile: PARSE, previewAssignment: PREVIEW, applyTags: ASSIGN },
    mount: async () => mount(),
    actor: () => world.bulk!,
    perform: {
      'file.choose': async ({ step, next }) => {
        const { size } = (step.event as unknown as { file: { size: number } }).file;
        const file = fileFor(size, next?.outcome);
        world.fileName = file.name;
        world.refusal = size > 1_000_000 ? 'The file holds 9,000,000 bytes; send at most 8,000,000.' : '';
        await world.user.upload(screen.getByLabelText(FILE_LABEL), file);
      },
      'xstate.snapshot.tagSelector': async ({ step }) =>
        chooseTags((step.event as unknown as { snapshot: { context: { chosen: number[] } } }).snapshot.context.chosen),
      'upload.clear': async () => world.user.click(button('Start over')),
      'problems.download': async () => world.user.click(button(PROBLEMS_DOWNLOAD)),
      'unmatched.download': async () => world.user.click(button(UNMATCHED_DOWNLOAD)),
      'invalid.download': async () => world.user.click(button(INVALID_DOWNLOAD)),
      'preview.retry': async () => world.user.click(button('Try again')),
      'apply.overwrite': async () => world.user.click(button(RESET_TAGS)),
      'apply.add': async () => world.user.click(button(ADD_TAGS)),
      'apply.confirm': async () =>
        world.user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: /^(Reset|Add) Tags$/ })),
      'apply.cancel': async () =>
        world.user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' })),
      'apply.back': async () => world.user.click(button('Back to the dry run')),
    },
    arrange: {
      readerStopped: async () => void (world.parseCrash = true),
      notText: async () => void (world.refusal = 'This is not a text CSV file. It is not UTF-8 text.'),
      previewFailed: async () => world.bridge.setOffline(true, [PREVIEW]),
      applyFailed: async () => world.bridge.setOffline(true, [ASSIGN]),
      nobodyLeft: async () =>
        void (await world.server.db.updateTable('users').set({ deleted: 1 }).where('id', '=', world.userId).execute()),
    },
    afterOutcome: {
      readerStopped: async () =>
        void Object.assign(world, { parseCrash: false, refusal: 'Error: the file reader stopped: out of memory' }),
      previewFailed: async () => world.bridge.setOffline(false),
      applyFailed: async () => world.bridge.setOffline(false),
      nobodyLeft: async () =>
        void (await world.server.db.updateTable('users').set({ deleted: 0 }).where('id', '=', world.userId).execute()),
    },
    expectations: {
      idle: async () => {
        expect(screen.getByLabelText(FILE_LABEL)).toBeEnabled();
        expect(screen.getByText(FILE_HINT)).toBeInTheDocument();
        expect(screen.queryByRole('region', { name: 'File read' })).toBeNull();
        expect(screen.queryByRole('button', { name: ADD_TAGS })).toBeNull();
        await expectChosenShown();
      },
      parsing: () => {
        expect(screen.getByText(`Reading ${world.fileName}…`)).toBeInTheDocument();
        expect(screen.getByLabelText(FILE_LABEL)).toBeDisabled();
      },
      parseFailed: () => {
        expect(screen.getByRole('alert')).toHaveTextContent(`${world.fileName} was refused: ${world.refusal}`);
        expect(screen.queryByRole('region', { name: 'File read' })).toBeNull();
        expect(screen.queryByRole('button', { name: ADD_TAGS })).toBeNull();
      },
      'parsed.awaitingTags': async () => {
        expectFileRead();
        expect(screen.getByText('Choose the tags to check the file against the users.')).toBeInTheDocument();
        expect(screen.queryByRole('button', { name: ADD_TAGS })).toBeNull();
        await expectChosenShown();
      },
      'parsed.previewing': () => {
        expectFileRead();
        expect(screen.getByText('Checking the identifiers against the users…')).toBeInTheDocument();
        expect(button(RESET_TAGS)).toBeDisabled();
        expect(button(ADD_TAGS)).toBeDisabled();
      },
      'parsed.previewFailed': () => {
        expect(screen.getByRole('alert')).toHaveTextContent(`The dry run failed: ${NO_ANSWER}`);
        expect(button('Try again')).toBeEnabled();
        expect(screen.queryByRole('button', { name: ADD_TAGS })).toBeNull();
      },
      'parsed.previewShown': async (_s, { step }) => {
        const { add, overwrite } = await expectedCounts();
        expect(screen.getByRole('status', { name: 'Dry run result' })).toHaveTextContent(
          `1 identifier matches 1 user; 1 matches nobody. Reset Tags would change ${users(overwrite)} tags; Add Tags would change ${users(add)}.`,
        );
        expect(
          within(screen.getByRole('list', { name: 'Identifiers matching nobody' })).getByText(GHOST),
        ).toBeInTheDocument();
        expect(button(RESET_TAGS)).toBeEnabled();
        expect(button(ADD_TAGS)).toBeEnabled();
        await expectChosenShown();
        if (step?.event.type === 'unmatched.download')
          expect(await world.blobs.at(-1)!.text()).toBe(`identifier\r\n${GHOST}\r\n`);
        if (step?.event.type === 'problems.download') {
          expect(await world.blobs.at(-1)!.text()).toBe(
            'row,value,reason\r\n4,"a,b","2 values in one row; put one email, username or user id per row."\r\n',
          );
        }
      },
      'parsed.confirming': () => {
        const dialog = screen.getByRole('alertdialog');
        const mode = world.bulk!.getSnapshot().context.mode as 'overwrite' | 'add';
        expect(within(dialog).getByRole('heading')).toHaveTextContent(
          mode === 'overwrite' ? 'Reset Tags?' : 'Add Tags?',
        );
        expect(dialog).toHaveTextContent(
          mode === 'overwrite' ? 'any other tag they hold is removed' : 'the tags they hold stay',
        );
      },
      'parsed.applying': () => {
        const mode = world.bulk!.getSnapshot().context.mode;
        expect(spins(button(RESET_TAGS))).toBe(mode === 'overwrite');
        expect(spins(button(ADD_TAGS))).toBe(mode === 'add');
        expect(button(RESET_TAGS)).toBeDisabled();
        expect(within(tagsGroup()).queryByRole('textbox', { name: 'Add a tag' })).toBeNull();
      },
      done: async (_s, { step }) => {
        const response = screen.getByRole('status', { name: 'Response' });
        expect(response).toHaveTextContent('Response Status : Success');
        expect(response).toHaveTextContent('Invalid Users:');
        expect(
          within(within(response).getByRole('list', { name: 'Invalid Users' })).getByText(GHOST),
        ).toBeInTheDocument();
        const mode = world.bulk!.getSnapshot().context.mode;
        const held = await tagsOf();
        if (mode === 'overwrite') expect(held).toEqual(chosenReal());
        else expect(chosenReal().every((t) => held.includes(t))).toBe(true);
        if (step?.event.type === 'invalid.download')
          expect(await world.blobs.at(-1)!.text()).toBe(`identifier\r\n${GHOST}\r\n`);
      },
      failed: (_s, { step }) => {
        const alert = screen.getByRole('alert');
        if (step?.outcome === 'nobodyLeft') {
          expect(alert).toHaveTextContent(`The tags were not changed: ${NOBODY_MATCHED}`);
          expect(alert).toHaveTextContent(`Invalid Users:${EMAIL}${GHOST}`);
        } else {
          expect(alert).toHaveTextContent(`The tags were not changed: ${NO_ANSWER}`);
        }
        expect(button('Back to the dry run')).toBeEnabled();
      },
    },
  };
}

describe('bulkTagUpload machine paths', () => {
  beforeEach(() => createWorld());

  itPaths(bulkTagUploadPlan, { driver });
});

// Not generated: the selector's Create Tag, from the tab.
describe('Create Tag from the bulk upload', () => {
  beforeEach(() => createWorld());

  it('creates a tag and chooses it, saving nothing to any user', async () => {
    mount();
    const box = await within(tagsGroup()).findByRole('textbox', { name: 'Add a tag' });
    await world.user.type(box, 'Gamma watch');
    await world.user.click(within(tagsGroup()).getByRole('button', { name: "Create tag 'Gamma watch'" }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Tag' });
    expect(dialog).toHaveTextContent('The new tag is chosen once it is created.');
    await world.user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create Tag' })).toBeNull());
    expect(
      await within(within(tagsGroup()).getByRole('list', { name: 'Chosen tags' })).findByText('Gamma watch'),
    ).toBeInTheDocument();
    expect(world.bulk!.getSnapshot().context.tagIds).toHaveLength(1);
    expect(await tagsOf()).toEqual([]);
  });
});
