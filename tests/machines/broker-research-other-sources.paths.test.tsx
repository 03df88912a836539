// Generated paths of the other-source upload (Broker Research, Fulfillments from Other Sources),
// replayed on the real view against the real server in-process: the imports loaded or not; a
// file read (by the worker's own reader, run here in the test, held while 'reading' is looked
// at), refused here, refused by the reader or failing; the source and distributor named; the
// server's check answered or unreachable; the apply confirmed and answered with its report, or
// not at all, then checked again or started over.
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect } from 'vitest';
import { fromPromise, type AnyActorRef } from 'xstate';
import {
  OTHER_SOURCE_HEADER_HELP,
  OTHER_SOURCE_REASONS as R,
  readOtherSourceFile,
  summariseOtherSourceFile,
} from '../../src/domain/broker-research-other-sources';
import { FEATURE_KEYS } from '../../src/domain/features';
import { liveOtherSourceUploadMachine } from '../../src/sections/broker-research/other-sources/other-sources.live';
import { otherSourceUploadMachine } from '../../src/sections/broker-research/other-sources/other-sources.machine';
import { otherSourceUploadPlan } from '../../src/sections/broker-research/other-sources/other-sources.plan';
import {
  CHECK,
  CONFIRM,
  FILE_HINT,
  FILE_LABEL,
  OtherSourceUpload,
  SOURCE_LABEL,
} from '../../src/sections/broker-research/other-sources/other-sources-upload';
import { OtherSourceUploadCtx } from '../../src/sections/broker-research/other-sources/other-sources-context';
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

const BASE = '/api/researchreports/other_sources';
const IMPORTS = `${BASE}/imports/`;
const VERIFY = `${BASE}/verify/`;
const APPLY = `${BASE}/apply/`;
/** The reader is no HTTP call: holding this "path" holds the file's reading. */
const NO_ANSWER = 'Error: no response from the server';
const SOURCE = 'Refinitiv entitlement file';
const GHOST = 'ghost@nowhere.example';

interface World extends SignedInWorld {
  heldSince: string;
  heldId: number;
  user3Id: number;
  brokerId: number;
  upload: AnyActorRef | null;
  fileName: string;
  refusal: string;
  parseHeld: Gate | null;
  parseCrash: boolean;
}
let world: World;

const fileText = () =>
  `user,broker,starts,ends\r\nuser1@example.com,Apex Securities,2026-12-01,\r\n${GHOST},Apex Securities,2026-12-01,\r\nuser2,Apex Securities,2026-12-01,\r\n` +
  `${world.user3Id},${world.brokerId},2026-12-01,2099-01-01\r\nuser1\r\n`;

/** The worker's reader, run in the test; it waits while the replay looks at 'reading'. */
const testedMachine = liveOtherSourceUploadMachine.provide({
  actors: {
    readFile: fromPromise(async ({ input }) => {
      await world.parseHeld?.promise;
      if (world.parseCrash) throw new Error('the file reader stopped: out of memory');
      return summariseOtherSourceFile(readOtherSourceFile(new Uint8Array(await bytesOf(input.file))));
    }),
  },
});

beforeEach(async () => {
  const { server, bridge, signIn } = await openServerWithStaff({
    username: 'source-importer',
    features: FEATURE_KEYS,
    otherFeatures: ['tri_submittor'],
  });
  const now = Date.now();
  const org = await server.db
    .insertInto('organizations')
    .values({ name: 'Alpha Research', salesforce_id: null, sf_acc_id: null, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const userIds: number[] = [];
  for (const n of [1, 2, 3]) {
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
  const broker = await server.db
    .insertInto('brokers')
    .values({
      name: 'Apex Securities',
      open_access: 0,
      group_id: null,
      created_at: now,
      legal_name: null,
      short_name: null,
      mifid_updated_at: null,
      mifid_updated_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const heldAt = Date.UTC(2026, 0, 2);
  const held = await server.db
    .insertInto('fulfillments')
    .values({
      user_id: userIds[1]!,
      broker_id: broker.id,
      organization_id: org.id,
      source: 'request',
      request_id: null,
      source_name: null,
      dist: null,
      starts_at: heldAt,
      ends_at: null,
      status: 'active',
      ended_at: null,
      ended_reason: null,
      created_by: 'admin',
      created_at: heldAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { actors, user } = await signIn('/broker_research');
  world = {
    server,
    bridge,
    user,
    actors,
    heldSince: '2026-01-02',
    heldId: held.id,
    user3Id: userIds[2]!,
    brokerId: broker.id,
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
    <OtherSourceUpload
      dists={['product', 'tri']}
      logic={testedMachine}
      probe={<ActorProbe hook={OtherSourceUploadCtx.useActorRef} keep={(ref) => (world.upload = ref)} />}
    />,
  );
  return Promise.resolve();
}

const button = (name: string | RegExp) => screen.getByRole('button', { name });
const rowsOf = (caption: string) =>
  within(screen.getByRole('table', { name: caption }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.textContent);
const reasons = (label: string) =>
  within(screen.getByRole('list', { name: label }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);
const imported = async () =>
  await world.server.db
    .selectFrom('fulfillments')
    .select(['user_id', 'import_id'])
    .where('source', '=', 'other_source')
    .execute();
const lastImport = async () =>
  world.server.db.selectFrom('other_source_imports').selectAll().orderBy('id', 'desc').executeTakeFirst();

function fileFor(size: number, outcome: string | undefined): File {
  if (size > 1_000_000) return new File([new Uint8Array(9_000_000)], 'huge.csv', { type: 'text/csv' });
  if (outcome === 'wrongHeader')
    return new File(['user,starts\r\nuser1,2026-12-01\r\n'], 'entitlements.csv', { type: 'text/csv' });
  return new File([fileText()], 'entitlements.csv', { type: 'text/csv' });
}

const ROW_6 = `6user1${R.cells(1, 4)}`;
/** What the server's check says: before the apply two rows are to be added, after it they are skipped. */
async function checkStatus(): Promise<string> {
  return (await imported()).length > 0
    ? `entitlements.csv from ${SOURCE} (Product): 0 fulfillments to add; 3 skipped, 2 refused, of 5 rows.`
    : `entitlements.csv from ${SOURCE} (Product): 2 fulfillments to add; 1 skipped, 2 refused, of 5 rows.`;
}

function driver(): Driver<World> {
  return {
    machine: otherSourceUploadMachine,
    bridge: bridgeWithParser(world),
    world,
    calls: { listImports: IMPORTS, readFile: PARSE, verifyFile: VERIFY, applyFile: APPLY },
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
      'details.change': async () => {
        await world.user.clear(screen.getByLabelText(SOURCE_LABEL));
        await world.user.type(screen.getByLabelText(SOURCE_LABEL), SOURCE);
        await world.user.click(screen.getByRole('radio', { name: 'Product' }));
      },
      verify: async () => world.user.click(button(CHECK)),
      'verify.retry': async () => world.user.click(button('Try again')),
      'details.edit': async () => world.user.click(button('Change the source or distributor')),
      apply: async () => world.user.click(button(/^Add \d+ fulfillments?$/)),
      'apply.confirm': async () => world.user.click(button(CONFIRM)),
      'apply.cancel': async () => world.user.click(button('Not yet')),
      'apply.back': async () => world.user.click(button('Check again')),
      'upload.clear': async () =>
        world.user.click(screen.getAllByRole('button', { name: /^(Start over|Upload another file)$/ })[0]!),
      'imports.reload': async () => world.user.click(button(/^(Load again|Refresh)$/)),
    },
    arrange: {
      importsFailed: async () => world.bridge.setOffline(true, [IMPORTS]),
      readerStopped: async () => void (world.parseCrash = true),
      wrongHeader: async () => void (world.refusal = `The header has no broker column. ${OTHER_SOURCE_HEADER_HELP}`),
      verifyFailed: async () => world.bridge.setOffline(true, [VERIFY]),
      applyFailed: async () => world.bridge.setOffline(true, [APPLY]),
    },
    afterOutcome: {
      importsFailed: async () => world.bridge.setOffline(false),
      readerStopped: async () =>
        void Object.assign(world, { parseCrash: false, refusal: 'Error: the file reader stopped: out of memory' }),
      verifyFailed: async () => world.bridge.setOffline(false),
      applyFailed: async () => world.bridge.setOffline(false),
    },
    expectations: {
      loading: () => {
        expect(screen.getByText(/Loading the latest imports…/)).toBeInTheDocument();
        expect(screen.getByLabelText(FILE_LABEL)).toBeDisabled();
      },
      choosing: async ({ getByLabelText, queryByRole }) => {
        expect(getByLabelText(FILE_LABEL)).toBeEnabled();
        expect(screen.getByText(FILE_HINT)).toBeInTheDocument();
        expect(queryByRole('region', { name: 'Read report' })).toBeNull();
        const last = await lastImport();
        const shown = world.upload!.getSnapshot().context.importsError as string | null;
        if (shown) {
          expect(screen.getByRole('alert')).toHaveTextContent(`The imports could not be loaded: ${NO_ANSWER}`);
          expect(button('Load again')).toBeEnabled();
        } else if (last) {
          const first = rowsOf('Latest imports')[0]!;
          expect(first.startsWith(String(last.id))).toBe(true);
          expect(first).toContain(
            `entitlements.csv${SOURCE}Product${last.taken}${last.skipped}${last.refused}source-importer`,
          );
        } else {
          expect(screen.getByText('No file has been imported yet.')).toBeInTheDocument();
        }
      },
      reading: () => {
        expect(screen.getByText(`Reading ${world.fileName}…`)).toBeInTheDocument();
        expect(screen.getByLabelText(FILE_LABEL)).toBeDisabled();
      },
      readFailed: () => {
        expect(screen.getByRole('alert')).toHaveTextContent(`${world.fileName} was refused: ${world.refusal}`);
        expect(screen.queryByRole('region', { name: 'Read report' })).toBeNull();
      },
      read: () => {
        expect(screen.getByRole('status', { name: 'Read result' })).toHaveTextContent(
          'entitlements.csv: 5 rows read; 4 to check with the server, 1 not taken.',
        );
        expect(rowsOf("Rows the file's rules refuse")).toEqual([ROW_6]);
        const named =
          (screen.getByLabelText(SOURCE_LABEL) as HTMLInputElement).value === SOURCE &&
          screen.getByRole('radio', { name: 'Product' }).getAttribute('aria-checked') === 'true';
        expect(button(CHECK)).toHaveProperty('disabled', !named);
      },
      verifying: () => {
        expect(screen.getByText('Checking 4 rows against the users, brokers and fulfillments…')).toBeInTheDocument();
        expect(screen.getByLabelText(SOURCE_LABEL)).toBeDisabled();
      },
      verifyFailed: () => {
        expect(screen.getByRole('alert')).toHaveTextContent(`The file could not be checked: ${NO_ANSWER}`);
        expect(button('Try again')).toBeEnabled();
        expect(screen.getByLabelText(SOURCE_LABEL)).toBeEnabled();
      },
      report: async () => {
        expect(screen.getByRole('status', { name: 'Check result' })).toHaveTextContent(await checkStatus());
        expect(rowsOf('Rows not taken').at(-1)).toBe(`6user1Refused${R.cells(1, 4)}`);
        expect(
          rowsOf('Rows not taken').some((r) => r?.startsWith(`3${GHOST}`) && r.endsWith(`Refused${R.noSuchUser}`)),
        ).toBe(true);
        expect(
          rowsOf('Rows not taken').some(
            (r) => r?.startsWith('4user2') && r.endsWith(`Skipped${R.alreadyActive(world.heldId, world.heldSince)}`),
          ),
        ).toBe(true);
        expect(screen.queryByRole('group', { name: 'Confirm' })).toBeNull();
      },
      confirm: async () => {
        expect(screen.getByRole('group', { name: 'Confirm' })).toHaveTextContent(
          `Add 2 fulfillments from ${SOURCE} (Product)?`,
        );
        expect(button(CONFIRM)).toBeEnabled();
        expect(await imported()).toEqual([]);
      },
      applying: () => {
        expect(button(CONFIRM)).toBeDisabled();
        expect(screen.queryByRole('button', { name: 'Not yet' })).toBeNull();
      },
      failed: async () => {
        expect(screen.getByRole('alert')).toHaveTextContent(`Nothing was added: ${NO_ANSWER}`);
        expect(button('Check again')).toBeEnabled();
        expect(await imported()).toEqual([]);
      },
      done: async () => {
        const last = (await lastImport())!;
        expect(screen.getByRole('status', { name: 'Response' })).toHaveTextContent(
          `2 fulfillments added; 3 rows not taken (1 skipped, 2 refused). Import #${last.id} of entitlements.csv from ${SOURCE} (Product).`,
        );
        expect(reasons('Why rows were not added')).toEqual([
          `1 row: ${R.cells(1, 4)}`,
          `1 row: Already entitled: active fulfillment #… since …. Skipped.`,
          `1 row: ${R.noSuchUser}`,
        ]);
        expect((await imported()).map((f) => Number(f.import_id))).toEqual([last.id, last.id]);
        // The import just made heads the latest imports beside its report.
        expect(rowsOf('Latest imports')[0]!.startsWith(String(last.id))).toBe(true);
      },
    },
  };
}

describePaths('otherSourceUpload machine paths (real server)', otherSourceUploadPlan, { driver });
