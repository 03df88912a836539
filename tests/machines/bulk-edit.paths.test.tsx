// Generated paths of the bulk edit dialog, replayed on the real view against the real server:
// fields ticked and set, a CSV of identifiers replacing the selection (at once, or after its
// per-row report is read; or refused whole), the preview and the edit
// answered, refused with status 0 (shown as an alert, back to choosing) or not answered at all,
// an unanswered edit asked about by its operation id (applied meanwhile, or not), also after a
// reload, and the report downloaded as a CSV the browser builds.
import { File as NodeFile } from 'node:buffer';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnyActorRef } from 'xstate';
import { FEATURE_KEYS } from '../../src/domain/features';
import { defaultFlags } from '../../src/domain/user-fields';
import type { BulkSelection } from '../../src/domain/users';
import { bulkEditMachine } from '../../src/sections/user-list/bulk-edit.machine';
import { BulkEditCtx } from '../../src/sections/user-list/bulk-edit-context';
import { BulkEditFrame, BulkEditScope } from '../../src/sections/user-list/bulk-edit-dialog';
import { KEEP_SELECTION, UPLOAD_LABEL, UPLOAD_REPORT_DOWNLOAD } from '../../src/sections/user-list/bulk-upload';
import { UNMATCHED_REASON } from '../../src/domain/csv-upload';
import { planPaths, type PlannedStep } from '../../src/workflows/paths';
import {
  ActorProbe,
  closeSignedInWorld,
  itPaths,
  openServerWithStaff,
  renderInConsole,
  type SignedInWorld,
} from '../support/path-world';
import { replayPath, type Driver } from '../support/replay';
import type { TestServer } from '../support/server';
import { bulkEditPlan, bulkEditReloadPlan, PLAN_OPERATION_ID } from '../../src/sections/user-list/bulk-edit.plan';
import { EARLIER_NOT_APPLIED, NOT_APPLIED } from '../../src/sections/user-list/bulk-edit.machine';
import { pendingBulkOperation } from '../../src/sections/user-list/bulk-edit.service';
import { applyBulkEdit } from '../../server/users/bulk-edit';
import { up as createBulkOperations } from '../../server/db/migrations/2026_11_24_012_bulk_operations';
import { sql } from 'kysely';
import { MESSAGES } from '../../src/domain/auth';
import { userRow } from '../support/factories';

const UPLOAD = '/user/upload_bulk_edit_data/';
const PREVIEW = '/user/bulk_edit_user_new/';
const APPLY = '/user/bulk_edit_user/';
const OUTCOME = '/user/bulk_edit_outcome/';
const LABEL = 'CGS';
const NO_ANSWER = 'Error: no response from the server';
const NOBODY = 'No users matched the selection.';

interface Managed {
  id: number;
  username: string;
  email: string;
}
interface World extends SignedInWorld {
  users: [Managed, Managed];
  bulk: AnyActorRef | null;
  closed: number;
  /** The field is ticked (and its value, once set). */
  ticked: boolean;
  value: boolean;
  /** The upload whose summary shows in choosing: every row matched, or some rows not taken and the matches used. */
  upload: 'uploaded' | 'accepted' | null;
  /** The upload whose report is under review. */
  reviewing: 'withReport' | 'nobodyInFile' | null;
  /** The selection is the file's matches. */
  fromFile: boolean;
  /** Why the last file was refused whole. */
  refusal: string | null;
  blobs: Blob[];
  /** The operation id this tab kept from before a reload, when the path starts after one. */
  pending: string | null;
}
let world: World;

// The in-process server reads the upload as Node's File, and validates it with valibot's
// `instanceof File`, which on the test page names happy-dom's File: both count as files here, as
// each does where it belongs (the page's File in the browser, Node's on the server).
const PageFile = globalThis.File;
Object.defineProperty(PageFile, Symbol.hasInstance, {
  value: (x: unknown) => Function.prototype[Symbol.hasInstance].call(PageFile, x) || x instanceof NodeFile,
});

async function managed(server: TestServer, n: number, org: number): Promise<Managed> {
  const now = Date.now();
  return server.db
    .insertInto('users')
    .values(
      userRow({
        username: `bulk.person${n}`,
        email: `person${n}@bulk-org.example`,
        first_name: 'Bea',
        last_name: `Bulk${n}`,
        organization_id: org,
        flags: JSON.stringify(defaultFlags('product')),
        created_at: now,
      }),
    )
    .returning(['id', 'username', 'email'])
    .executeTakeFirstOrThrow();
}

async function createWorld(features: readonly string[]): Promise<void> {
  const { server, bridge, signIn } = await openServerWithStaff({ username: 'bulk-editor', features });
  const org = await server.db
    .insertInto('organizations')
    .values({ name: 'Bulk Org', salesforce_id: null, sf_acc_id: null, created_at: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const users: [Managed, Managed] = [await managed(server, 1, org.id), await managed(server, 2, org.id)];
  const { actors, user } = await signIn();
  world = {
    server,
    bridge,
    user,
    actors,
    users,
    bulk: null,
    closed: 0,
    ticked: false,
    value: true,
    upload: null,
    reviewing: null,
    fromFile: false,
    refusal: null,
    blobs: [],
    pending: null,
  };
  sessionStorage.clear();
  unreachable.clear();
  // The browser's download: the report's Blob is kept, the link click goes nowhere.
  URL.createObjectURL = (blob: Blob) => (world.blobs.push(blob), 'blob:bulk-edit-report');
  URL.revokeObjectURL = () => {};
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
}

afterEach(async () => {
  await closeSignedInWorld(world);
  vi.restoreAllMocks();
});

function mount(): void {
  const selection: BulkSelection = { by: 'ids', ids: world.users.map((u) => u.id) };
  // A reload: the tab's storage still holds the id of the edit whose answer never came.
  if (world.pending) sessionStorage.setItem('staff-console.bulk-edit.operation', world.pending);
  renderInConsole(
    world.actors,
    <BulkEditScope selection={selection} selectedCount={2}>
      <ActorProbe hook={BulkEditCtx.useActorRef} keep={(ref) => (world.bulk = ref)} />
      <BulkEditFrame onClose={() => world.closed++} />
    </BulkEditScope>,
  );
}

const dialog = () => screen.getByRole('dialog', { name: 'Bulk edit users' });
const button = (name: string) => within(dialog()).getByRole('button', { name });
const setUsersDeleted = (deleted: 0 | 1) =>
  world.server.db
    .updateTable('users')
    .set({ deleted })
    .where(
      'id',
      'in',
      world.users.map((u) => u.id),
    )
    .execute();
const storedFlag = async (id: number) =>
  JSON.parse(
    (await world.server.db.selectFrom('users').select('flags').where('id', '=', id).executeTakeFirstOrThrow()).flags,
  )['cgs'];

/** The alert a person must read in choosing after this step, if any (spec §4, §8). */
function alertAfter(step: PlannedStep | undefined): string | null {
  switch (step?.outcome) {
    case 'previewRefused':
    case 'applyRefused':
      return NOBODY;
    case 'previewFailed':
    case 'uploadFailed':
      return NO_ANSWER;
    case 'outcomeUnknown':
      return EARLIER_NOT_APPLIED;
    default:
      return null;
  }
}

/** The file a person picks for the outcome the server is to answer with. */
function fileFor(name: string, outcome: string | undefined): File {
  const [a, b] = world.users;
  if (name === 'huge.csv') return new File(['a@b.example\n'.repeat(170_000)], name, { type: 'text/csv' });
  switch (outcome) {
    case 'nobodyInFile':
      return new File(['ghost\n'], name, { type: 'text/csv' });
    case 'uploadedWithReport':
      return new File(
        [`email\r\n${a.email.toUpperCase()}\r\n${b.username}\r\nghost@nowhere.example\r\n${a.email},Bea,Bulk\r\n`],
        name,
        { type: 'text/csv' },
      );
    // A picture renamed .csv: its bytes are no UTF-8 text.
    case 'uploadRefused':
      return new File(
        [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0xff, 0xfe])],
        name,
        { type: 'text/csv' },
      );
    default:
      return new File([`email\r\n${a.email.toUpperCase()}\r\n${b.username}\r\n`], name, { type: 'text/csv' });
  }
}
const THREE_VALUES = '3 values in one row; put one email, username or user id per row.';

/** The edit committed on the server under the machine's operation id, its answer lost on the way. */
async function commitOnServer(operationId: string, changes: Record<string, boolean | string>): Promise<void> {
  const staff = await world.server.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', 'bulk-editor')
    .executeTakeFirstOrThrow();
  const result = await applyBulkEdit(
    world.server.db,
    {
      selection: { by: 'ids', ids: world.users.map((u) => u.id) },
      changes,
      product: 'product',
      now: Date.now(),
      actor: { userId: staff.id, username: 'bulk-editor', features: [...FEATURE_KEYS], keys: new Set(FEATURE_KEYS) },
    },
    operationId,
  );
  expect(result.ok).toBe(true);
}

/** Paths the network drops calls to: arrangements overlap (one outcome's is made before the last one's is undone). */
const unreachable = new Set<string>();
function offline(path: string, on: boolean): void {
  if (on) unreachable.add(path);
  else unreachable.delete(path);
  world.bridge.setOffline(unreachable.size > 0, [...unreachable]);
}

/** The id kept for a reload: held while an outcome is unknown, gone once it is known. */
function expectKept(kept: boolean): void {
  if (kept) expect(pendingBulkOperation()).toMatch(/^[0-9a-f-]{36}$/);
  else expect(pendingBulkOperation()).toBeNull();
}

function driver(): Driver<World> {
  return {
    machine: bulkEditMachine,
    bridge: world.bridge,
    world,
    calls: { uploadIdentifiers: UPLOAD, previewEdit: PREVIEW, applyEdit: APPLY, askOutcome: OUTCOME },
    mount: async () => mount(),
    actor: () => world.bulk!,
    perform: {
      'field.toggle': async () => {
        await world.user.click(within(dialog()).getByRole('checkbox', { name: `Set ${LABEL}` }));
        world.ticked = !world.ticked;
        world.value = true;
      },
      'field.value': async () => {
        await world.user.click(
          within(within(dialog()).getByRole('radiogroup', { name: `${LABEL} value` })).getByRole('radio', {
            name: 'Off',
          }),
        );
        world.value = false;
      },
      'upload.file': async ({ step, next }) => {
        const { name } = (step.event as unknown as { file: { name: string } }).file;
        world.upload = null;
        world.refusal = name === 'huge.csv' ? 'The file holds 2,040,000 bytes; send at most 1,000,000.' : null;
        await world.user.upload(within(dialog()).getByLabelText(UPLOAD_LABEL), fileFor(name, next?.outcome));
      },
      'upload.accept': async () => {
        await world.user.click(button('Use the 2 matched users'));
        world.reviewing = null;
        world.upload = 'accepted';
        world.fromFile = true;
      },
      'upload.dismiss': async () => {
        await world.user.click(button(KEEP_SELECTION));
        world.reviewing = null;
        world.refusal = null;
      },
      'upload.report.download': async () => world.user.click(button(UPLOAD_REPORT_DOWNLOAD)),
      'bulk.preview': async () => world.user.click(button('Preview')),
      'bulk.back': async () => world.user.click(button('Back')),
      'bulk.apply': async () => world.user.click(button('Apply')),
      'bulk.retry': async () => world.user.click(button('Retry')),
      'report.download': async () => world.user.click(button('Download report (CSV)')),
      'outcome.check': async () => world.user.click(button('Check again')),
    },
    arrange: {
      uploadFailed: async () => offline(UPLOAD, true),
      previewFailed: async () => offline(PREVIEW, true),
      applyFailed: async () => offline(APPLY, true),
      // The edit's transaction fails on the server (its outcome table is gone): a 500, nothing applied.
      applyServerError: async () => void (await sql`drop table bulk_operations`.execute(world.server.db)),
      outcomeApplied: async ({ actor }) => {
        const context = actor?.getSnapshot().context as
          { operationId: string; changes: Record<string, boolean | string> } | undefined;
        await commitOnServer(
          context?.operationId ?? PLAN_OPERATION_ID,
          Object.keys(context?.changes ?? {}).length ? context!.changes : { cgs: true },
        );
      },
      outcomeFailed: async () => offline(OUTCOME, true),
      // Both users were deleted meanwhile: the server answers status 0.
      previewRefused: async () => void (await setUsersDeleted(1)),
      applyRefused: async () => void (await setUsersDeleted(1)),
    },
    afterOutcome: {
      uploadFailed: async () => offline(UPLOAD, false),
      previewFailed: async () => offline(PREVIEW, false),
      applyFailed: async () => offline(APPLY, false),
      applyServerError: async () => createBulkOperations(world.server.db),
      outcomeFailed: async () => offline(OUTCOME, false),
      previewRefused: async () => void (await setUsersDeleted(0)),
      applyRefused: async () => void (await setUsersDeleted(0)),
      uploaded: async () => void Object.assign(world, { upload: 'uploaded', fromFile: true }),
      uploadedWithReport: async () => void (world.reviewing = 'withReport'),
      nobodyInFile: async () => void (world.reviewing = 'nobodyInFile'),
      uploadRefused: async () => void (world.refusal = 'This is not a text CSV file. It is not UTF-8 text.'),
    },
    expectations: {
      starting: () => {
        throw new Error('starting moves on at once and is never shown');
      },
      checkingOutcome: () => {
        expect(within(dialog()).getByRole('status')).toHaveTextContent(
          'Asking the server whether your bulk edit was applied',
        );
        expect(within(dialog()).queryByRole('button', { name: 'Apply' })).toBeNull();
        expectKept(true);
      },
      outcomeLost: () => {
        expect(within(dialog()).getByRole('alert')).toHaveTextContent(
          `Whether your bulk edit was applied is not known yet: ${NO_ANSWER}`,
        );
        expect(button('Check again')).toBeEnabled();
        expectKept(true);
      },
      choosing: (s, { step }) => {
        expectKept(false);
        const [a, b] = world.users;
        expect(within(dialog()).getByLabelText('Users to edit')).toHaveTextContent(
          world.fromFile ? '2 users matched by people.csv' : '2 selected users',
        );
        const checkbox = within(dialog()).getByRole('checkbox', { name: `Set ${LABEL}` });
        expect(checkbox).toHaveAttribute('aria-checked', String(world.ticked));
        expect(button('Preview')).toHaveProperty('disabled', !world.ticked);
        if (world.ticked) {
          const radio = within(within(dialog()).getByRole('radiogroup', { name: `${LABEL} value` })).getByRole(
            'radio',
            { name: world.value ? 'On' : 'Off' },
          );
          expect(radio).toBeChecked();
        }
        const alert = alertAfter(step);
        if (alert) expect(within(dialog()).getByRole('alert')).toHaveTextContent(alert);
        else expect(within(dialog()).queryByRole('alert')).toBeNull();
        const summary = within(dialog()).queryByRole('status', { name: 'Upload result' });
        if (world.upload === 'uploaded') {
          expect(summary).toHaveTextContent('2 identifiers of people.csv matched a user.');
          expect(summary).not.toHaveTextContent('not taken');
        } else if (world.upload === 'accepted') {
          expect(summary).toHaveTextContent('2 identifiers of people.csv matched a user.');
          expect(summary).toHaveTextContent('2 rows were not taken.');
        } else {
          expect(summary).toBeNull();
        }
        expect([a.username, b.username].every((u) => !within(dialog()).queryByText(u))).toBe(true);
      },
      uploadReport: async (_s, { step }) => {
        const [a] = world.users;
        const report = within(dialog()).getByRole('region', { name: 'Upload report' });
        const rows = within(within(report).getByRole('table', { name: 'Rows not taken' }))
          .getAllByRole('row')
          .slice(1)
          .map((r) => r.textContent);
        expect(within(dialog()).queryByRole('checkbox', { name: `Set ${LABEL}` })).toBeNull();
        expect(button(KEEP_SELECTION)).toBeEnabled();
        if (world.reviewing === 'withReport') {
          expect(within(report).getByRole('status')).toHaveTextContent(
            'people.csv: 4 rows read; its first row (email) was read as the header and skipped; 2 identifiers matched a user.',
          );
          expect(rows).toEqual([`4ghost@nowhere.example${UNMATCHED_REASON}`, `5${a.email},Bea,Bulk${THREE_VALUES}`]);
          expect(button('Use the 2 matched users')).toBeEnabled();
          expect(within(report).queryByRole('alert')).toBeNull();
        } else {
          expect(within(report).getByRole('status')).toHaveTextContent(
            'people.csv: 1 row read; 0 identifiers matched a user.',
          );
          expect(within(report).getByRole('alert')).toHaveTextContent(
            'No user matched the identifiers of the file; the selection is unchanged.',
          );
          expect(rows).toEqual([`1ghost${UNMATCHED_REASON}`]);
          expect(within(dialog()).queryByRole('button', { name: /^Use the/ })).toBeNull();
        }
        if (step?.event.type === 'upload.report.download') {
          expect(world.blobs).toHaveLength(1);
          expect(await world.blobs[0]!.text()).toBe(
            `row,value,reason\r\n4,ghost@nowhere.example,"${UNMATCHED_REASON}"\r\n5,"${a.email},Bea,Bulk","${THREE_VALUES}"\r\n`,
          );
        }
      },
      uploadRefused: () => {
        expect(within(dialog()).getByRole('alert')).toHaveTextContent(`The file was refused: ${world.refusal}`);
        expect(button('Choose another file')).toBeEnabled();
        expect(button(KEEP_SELECTION)).toBeEnabled();
        expect(within(dialog()).queryByRole('button', { name: 'Preview' })).toBeNull();
        expect(within(dialog()).getByLabelText('Users to edit')).toHaveTextContent(
          world.fromFile ? '2 users matched by people.csv' : '2 selected users',
        );
      },
      uploading: () => {
        expect(button(UPLOAD_LABEL)).toBeDisabled();
        expect(button('Preview')).toBeDisabled();
      },
      previewing: () => {
        expect(button('Preview')).toBeDisabled();
        expect(within(dialog()).getByRole('checkbox', { name: `Set ${LABEL}` })).toBeDisabled();
      },
      preview: () => {
        expect(within(dialog()).getByRole('status')).toHaveTextContent(
          '2 users will change, 0 already have these values, 0 identifiers matched nobody',
        );
        expect(within(dialog()).getByText(`${LABEL}: On`, { exact: false })).toBeInTheDocument();
        const sample = within(dialog()).getByRole('table', { name: 'Users that will change (sample)' });
        for (const u of world.users) expect(within(sample).getByText(u.username)).toBeInTheDocument();
        expect(button('Apply')).toBeEnabled();
        expect(button('Back')).toBeEnabled();
      },
      applying: () => {
        expectKept(true);
        expect(button('Apply')).toBeDisabled();
        expect(button('Back')).toBeDisabled();
      },
      done: async (_s, { step }) => {
        expectKept(false);
        expect(within(dialog()).getByRole('status')).toHaveTextContent(
          'Updated 2 users; 0 already had these values; 0 identifiers matched nobody.',
        );
        const table = within(dialog()).getByRole('table', { name: 'Result per user' });
        for (const u of world.users) {
          const row = within(table).getByText(u.username).closest('tr')!;
          expect(row).toHaveTextContent(`${u.id}${u.username}updated${LABEL}`);
          expect(await storedFlag(u.id)).toBe(true);
        }
        if (step?.event.type === 'report.download') {
          expect(world.blobs).toHaveLength(1);
          const [a, b] = world.users;
          expect(await world.blobs[0]!.text()).toBe(
            `user_id,username,result,changed\r\n${a.id},${a.username},updated,${LABEL}\r\n${b.id},${b.username},updated,${LABEL}\r\n`,
          );
        }
      },
      failed: async (_s, { step }) => {
        expectKept(false);
        const why = step?.outcome === 'applyServerError' ? MESSAGES.renderFailure : NOT_APPLIED;
        expect(within(dialog()).getByRole('alert')).toHaveTextContent(`The edit was not applied: ${why}`);
        expect(button('Retry')).toBeEnabled();
        expect(button('Back')).toBeEnabled();
        for (const u of world.users) expect(await storedFlag(u.id)).toBe(false);
      },
    },
  };
}

describe('bulkEdit machine paths', () => {
  beforeEach(() => createWorld(FEATURE_KEYS));

  itPaths(bulkEditPlan, { driver });

  it.each(planPaths(bulkEditReloadPlan).map((p) => [p.name, p] as const))('after a reload: %s', async (_name, path) => {
    world.pending = PLAN_OPERATION_ID;
    await replayPath(path, driver());
  });
});

// Not generated paths: what the choosing step offers and checks.
describe('choosing fields', () => {
  it('offers only the fields whose feature the session holds, and no upload without bulk_edit_upload', async () => {
    await createWorld(['admin_panel_access', 'user_mgmt', 'bulk_edit_user']);
    mount();
    const fields = within(dialog()).getByRole('table', { name: 'Fields to set' });
    expect(within(fields).getByRole('checkbox', { name: 'Set CGS' })).toBeEnabled();
    for (const needsFeature of ['Active', 'Expiry date', 'Transcript source']) {
      expect(within(fields).queryByRole('checkbox', { name: `Set ${needsFeature}` })).toBeNull();
    }
    expect(within(dialog()).queryByRole('button', { name: UPLOAD_LABEL })).toBeNull();
  });

  it('asks for a real MM-dd-yyyy date before Preview, then previews the new expiry', async () => {
    await createWorld(FEATURE_KEYS);
    mount();
    await world.user.click(within(dialog()).getByRole('checkbox', { name: 'Set Expiry date' }));
    const date = within(dialog()).getByRole('textbox', { name: 'Expiry date value' });
    expect(button('Preview')).toBeDisabled();
    await world.user.type(date, '02-30-2031');
    expect(within(dialog()).getByRole('note')).toHaveTextContent(
      'Expiry date: Enter a date as MM-dd-yyyy, no later than 12-31-3000.',
    );
    expect(button('Preview')).toBeDisabled();
    await world.user.clear(date);
    await world.user.type(date, '02-28-2031');
    expect(within(dialog()).queryByRole('note')).toBeNull();
    await world.user.click(button('Preview'));
    expect(await within(dialog()).findByText('Expiry date: 02-28-2031', { exact: false })).toBeInTheDocument();
    expect(within(dialog()).getByRole('status')).toHaveTextContent(
      '2 users will change, 0 already have these values, 0 identifiers matched nobody',
    );
  });
});
