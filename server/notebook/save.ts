// Saving one part of a user's notebook row (decision 065) from the version read, in one
// transaction with its audit row. Version 0 creates the row (an insert that loses to another
// first save changes nothing and is stale); later versions are a conditional UPDATE on the version.
import type { Kysely, Transaction } from 'kysely';
import type { NotebookSetting, NotificationSetting } from '../../src/domain/notebook';
import { writeAudit } from '../audit';
import type { Database } from '../db/schema';
import type { Refusal } from './checks';
import { readSetting } from './records';

export type NotebookChange =
  | { part: 'notification'; notification: NotificationSetting }
  | { part: 'templates'; template_ids: number[] }
  | { part: 'tags'; tag_ids: number[] };

export interface SaveInput {
  userId: number;
  version: number;
  change: NotebookChange;
  author: string;
  now: number;
  /** Checks against the database and the setting as stored, run in the transaction before writing. */
  check?: (trx: Transaction<Database>, stored: NotebookSetting) => Promise<Refusal | null>;
}

export type SaveResult =
  | { ok: true; setting: NotebookSetting }
  | { ok: false; reason: 'stale' }
  | { ok: false; reason: 'refused'; refusal: Refusal };

const ACTIONS: Record<NotebookChange['part'], string> = {
  notification: 'notebook notification setting saved',
  templates: 'note templates saved',
  tags: 'notebook tags saved',
};

/** The part of a setting a change is about, as the audit keeps it. */
function partOf(setting: NotebookSetting, part: NotebookChange['part']): Record<string, unknown> {
  if (part === 'notification') return { notification: setting.notification };
  if (part === 'templates') return { template_ids: setting.template_ids };
  return { tag_ids: setting.tag_ids };
}

function applied(stored: NotebookSetting, change: NotebookChange): NotebookSetting {
  if (change.part === 'notification') return { ...stored, notification: change.notification };
  if (change.part === 'templates') return { ...stored, template_ids: change.template_ids };
  return { ...stored, tag_ids: change.tag_ids };
}

export function saveNotebook(db: Kysely<Database>, input: SaveInput): Promise<SaveResult> {
  return db.transaction().execute(async (trx): Promise<SaveResult> => {
    const stored = await readSetting(trx, input.userId);
    if (stored.version !== input.version) return { ok: false, reason: 'stale' };
    const refusal = input.check ? await input.check(trx, stored) : null;
    if (refusal) return { ok: false, reason: 'refused', refusal };
    const next = applied(stored, input.change);
    const values = {
      frequency: next.notification.frequency,
      content_types: JSON.stringify(next.notification.content_types),
      template_ids: JSON.stringify(next.template_ids),
      tag_ids: JSON.stringify(next.tag_ids),
      version: input.version + 1,
      updated_by: input.author,
      updated_at: input.now,
    };
    const written =
      input.version === 0
        ? await trx
            .insertInto('user_notebook')
            .values({ user_id: input.userId, ...values })
            .onConflict((oc) => oc.column('user_id').doNothing())
            .returning('user_id')
            .executeTakeFirst()
        : await trx
            .updateTable('user_notebook')
            .set(values)
            .where('user_id', '=', input.userId)
            .where('version', '=', input.version)
            .returning('user_id')
            .executeTakeFirst();
    if (!written) return { ok: false, reason: 'stale' };
    const setting: NotebookSetting = {
      ...next,
      version: values.version,
      updated_by: input.author,
      updated_at: input.now,
    };
    await writeAudit(trx, {
      category: 'user',
      author: input.author,
      action: `${ACTIONS[input.change.part]}: user #${input.userId}`,
      at: input.now,
      success: true,
      record: { kind: 'user', id: input.userId },
      previous: { user_id: input.userId, version: stored.version, ...partOf(stored, input.change.part) },
      current: { user_id: input.userId, version: setting.version, ...partOf(setting, input.change.part) },
    });
    return { ok: true, setting };
  });
}
