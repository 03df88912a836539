// Generated paths of the bulk membership upload (Group ManagementV2), replayed on the real panel
// against the real server in-process: a file read (by the worker's own parser, run here in the
// test, held while 'parsing' is looked at), refused here, refused by the reader or failing; the
// server's check answered or unreachable; Add to group answered with the per-row report, or not
// at all, then back to the preview or start over.
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect } from 'vitest';
import { fromPromise, type AnyActorRef } from 'xstate';
import { FEATURE_KEYS } from '../../src/domain/features';
import { UPLOAD_REASONS } from '../../src/domain/groups-v2';
import { readIdentifierFile } from '../../src/domain/identifier-file';
import { liveGroupBrowserMachine } from '../../src/sections/groups-v2/groups-v2.live';
import { liveGroupBulkUploadMachine } from '../../src/sections/groups-v2/groups-v2-upload.live';
import { groupBulkUploadMachine } from '../../src/sections/groups-v2/groups-v2-upload.machine';
import { groupBulkUploadPlan } from '../../src/sections/groups-v2/groups-v2-upload.plan';
import { READER_REASON } from '../../src/sections/groups-v2/groups-v2-upload.selectors';
import { ADD_TO_GROUP, FILE_HINT, FILE_LABEL, GroupUpload } from '../../src/sections/groups-v2/group-upload';
import { GroupBrowserCtx, GroupBulkUploadCtx } from '../../src/sections/groups-v2/groups-v2-context';
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
import { bridgeWithParser, bytesOf, PARSE, type Gate } from '../support/upload-parse';

const VERIFY = '/user/verify_file_data/';
const ADD = '/user/add_users_to_groups/';
/** The parser is no HTTP call: holding this "path" holds the file's reading. */
const NO_ANSWER = 'Error: no response from the server';
const GHOST = 'ghost@nowhere.example';
const FILE_TEXT = `email\r\nuser1@example.com\r\nuser2\r\n${GHOST}\r\na,b\r\n`;
const TWO_VALUES = '2 values in one row; put one email, username or user id per row.';
const THREE_VALUES = '3 values in one row; put one email, username or user id per row.';
/** A file of three columns: no row holds one identifier. */
const SEVERAL_COLUMNS = 'email,name,organization\r\nuser1@example.com,Una User1,Alpha Research\r\n';

interface World extends SignedInWorld {
  groupId: number;
  userIds: number[];
  upload: AnyActorRef | null;
  fileName: string;
  refusal: string;
  parseHeld: Gate | null;
  parseCrash: boolean;
}
let world: World;

/** The worker's parser, run in the test; it waits while the replay looks at 'parsing'. */
const testedMachine = liveGroupBulkUploadMachine.provide({
  actors: {
    parseFile: fromPromise(async ({ input }) => {
      await world.parseHeld?.promise;
      if (world.parseCrash) throw new Error('the file reader stopped: out of memory');
      return readIdentifierFile(new Uint8Array(await bytesOf(input.file)));
    }),
  },
});

beforeEach(async () => {
  const { server, bridge, signIn } = await openServerWithStaff({ username: 'group-uploader', features: FEATURE_KEYS });
  const now = Date.now();
  const org = await server.db
    .insertInto('organizations')
    .values({ name: 'Alpha Research', salesforce_id: null, sf_acc_id: null, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const userIds: number[] = [];
  for (const n of [1, 2]) {
    userIds.push(
      (
        await server.db
          .insertInto('users')
          .values(
            userRow({
              username: `user${n}`,
              email: `user${n}@example.com`,
              first_name: 'Una',
              last_name: `User${n}`,
              organization_id: org.id,
              created_at: now,
            }),
          )
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  }
  const group = await server.db
    .insertInto('user_groups')
    .values({ name: 'Desk 00', kind: 'collab', organization_id: org.id, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { actors, user } = await signIn('/modify_groups_v2');
  world = {
    server,
    bridge,
    user,
    actors,
    groupId: group.id,
    userIds,
    upload: null,
    fileName: '',
    refusal: '',
    parseHeld: null,
    parseCrash: false,
  };
});

afterEach(async () => {
  world.parseHeld?.open();
  await closeSignedInWorld(world);
});

function mount(): Promise<void> {
  renderInConsole(
    world.actors,
    <GroupBrowserCtx.Provider logic={liveGroupBrowserMachine}>
      <GroupUpload
        groupId={world.groupId}
        logic={testedMachine}
        probe={<ActorProbe hook={GroupBulkUploadCtx.useActorRef} keep={(ref) => (world.upload = ref)} />}
      />
    </GroupBrowserCtx.Provider>,
  );
  return Promise.resolve();
}

const button = (name: string) => screen.getByRole('button', { name });
const spins = (el: HTMLElement) => el.querySelector('.rt-Spinner') !== null;
const membersOf = async () =>
  (
    await world.server.db
      .selectFrom('group_members')
      .select('user_id')
      .where('group_id', '=', world.groupId)
      .orderBy('user_id')
      .execute()
  ).map((r) => Number(r.user_id));
const rowsOf = (caption: string) =>
  within(screen.getByRole('table', { name: caption }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.textContent);

function fileFor(size: number, outcome: string | undefined): File {
  if (size > 1_000_000) return new File([new Uint8Array(9_000_000)], 'huge.csv', { type: 'text/csv' });
  // A picture renamed .csv: its bytes are no UTF-8 text.
  if (outcome === 'notText')
    return new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0xff, 0xfe])], 'members.csv', {
      type: 'text/csv',
    });
  if (outcome === 'nothingRead') return new File([SEVERAL_COLUMNS], 'members.csv', { type: 'text/csv' });
  return new File([FILE_TEXT], 'members.csv', { type: 'text/csv' });
}

const reasons = (label: string) =>
  within(screen.getByRole('list', { name: label }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);
const WHY = [`1 row: ${UPLOAD_REASONS.noSuchUser}`, `1 row: ${READER_REASON}`];

function expectPreviewTables(): void {
  expect(reasons('Why rows are not taken')).toEqual(WHY);
  expect(rowsOf('Rows to add')).toEqual(['2user1@example.comuser1', '3user2user2']);
  expect(rowsOf('Rows not taken')).toEqual([`4${GHOST}${UPLOAD_REASONS.noSuchUser}`, `5a,b${TWO_VALUES}`]);
}

function driver(): Driver<World> {
  return {
    machine: groupBulkUploadMachine,
    bridge: bridgeWithParser(world),
    world,
    calls: { parseFile: PARSE, verifyFile: VERIFY, addUsers: ADD },
    mount,
    actor: () => world.upload!,
    perform: {
      'file.choose': async ({ step, next }) => {
        const { size } = (step.event as unknown as { file: { size: number } }).file;
        const file = fileFor(size, next?.outcome);
        world.fileName = file.name;
        world.refusal = size > 1_000_000 ? 'The file holds 9,000,000 bytes; send at most 8,000,000.' : '';
        await world.user.upload(screen.getByLabelText(FILE_LABEL), file);
      },
      'upload.clear': async () =>
        world.user.click(screen.getAllByRole('button', { name: /^(Start over|Upload another file)$/ })[0]!),
      'verify.retry': async () => world.user.click(button('Try again')),
      apply: async () => world.user.click(button(ADD_TO_GROUP)),
      'apply.back': async () => world.user.click(button('Back to the preview')),
    },
    arrange: {
      readerStopped: async () => void (world.parseCrash = true),
      notText: async () => void (world.refusal = 'This is not a text CSV file. It is not UTF-8 text.'),
      verifyFailed: async () => world.bridge.setOffline(true, [VERIFY]),
      applyFailed: async () => world.bridge.setOffline(true, [ADD]),
    },
    afterOutcome: {
      readerStopped: async () =>
        void Object.assign(world, { parseCrash: false, refusal: 'Error: the file reader stopped: out of memory' }),
      verifyFailed: async () => world.bridge.setOffline(false),
      applyFailed: async () => world.bridge.setOffline(false),
    },
    expectations: {
      idle: () => {
        expect(screen.getByLabelText(FILE_LABEL)).toBeEnabled();
        expect(screen.getByText(FILE_HINT)).toBeInTheDocument();
        expect(screen.queryByRole('region', { name: 'Preview' })).toBeNull();
        expect(screen.queryByRole('button', { name: ADD_TO_GROUP })).toBeNull();
      },
      parsing: () => {
        expect(screen.getByText(`Reading ${world.fileName}…`)).toBeInTheDocument();
        expect(screen.getByLabelText(FILE_LABEL)).toBeDisabled();
      },
      parseFailed: () => {
        expect(screen.getByRole('alert')).toHaveTextContent(`${world.fileName} was refused: ${world.refusal}`);
        expect(screen.queryByRole('region', { name: 'Preview' })).toBeNull();
      },
      // Nothing was sent: the reader's rows, each with its reason, and Start over.
      'parsed.nothingRead': async () => {
        expect(screen.getByRole('alert')).toHaveTextContent(
          'members.csv: no row names a user, so nothing was checked.',
        );
        expect(reasons('Why rows are not taken')).toEqual([`2 rows: ${READER_REASON}`]);
        expect(rowsOf('Rows not taken')).toEqual([
          `1email,name,organization${THREE_VALUES}`,
          `2user1@example.com,Una User1,Alpha Research${THREE_VALUES}`,
        ]);
        expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
        expect(screen.queryByRole('button', { name: ADD_TO_GROUP })).toBeNull();
        expect(await membersOf()).toEqual([]);
      },
      'parsed.verifying': () => {
        expect(screen.getByText(/Checking 3 rows against the group…/)).toBeInTheDocument();
        expect(screen.queryByRole('button', { name: ADD_TO_GROUP })).toBeNull();
      },
      'parsed.verifyFailed': () => {
        expect(screen.getByRole('alert')).toHaveTextContent(`The file could not be checked: ${NO_ANSWER}`);
        expect(button('Try again')).toBeEnabled();
      },
      'parsed.preview': async () => {
        expect(screen.getByRole('status', { name: 'Preview result' })).toHaveTextContent(
          'members.csv: 2 rows to add; 2 rows not taken. The group has 0 members.',
        );
        expectPreviewTables();
        expect(button(ADD_TO_GROUP)).toBeEnabled();
        expect(await membersOf()).toEqual([]);
      },
      'parsed.applying': () => {
        expect(button(ADD_TO_GROUP)).toBeDisabled();
        expect(spins(button(ADD_TO_GROUP))).toBe(true);
        expect(screen.getByLabelText(FILE_LABEL)).toBeDisabled();
      },
      report: async () => {
        expect(screen.getByRole('status', { name: 'Response' })).toHaveTextContent(
          'Response Status : Success. 2 users added; 2 rows not added. The group had 0 members and has 2 members.',
        );
        expect(reasons('Why rows were not added')).toEqual(WHY);
        expect(rowsOf('Rows not added')).toEqual([`4${GHOST}${UPLOAD_REASONS.noSuchUser}`, `5a,b${TWO_VALUES}`]);
        expect(await membersOf()).toEqual(world.userIds);
      },
      failed: async () => {
        expect(screen.getByRole('alert')).toHaveTextContent(`Nobody was added: ${NO_ANSWER}`);
        expect(button('Back to the preview')).toBeEnabled();
        expect(await membersOf()).toEqual([]);
      },
    },
  };
}

describePaths('groupBulkUpload machine paths (real server)', groupBulkUploadPlan, { driver });
