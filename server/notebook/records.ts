// Reading a user's notebook row and their flags (decision 065). A user nobody changed has no row:
// they read as the defaults at version 0, which is also the version a first save names.
import type { Kysely, Transaction } from 'kysely';
import { notebookDefaults } from '../../src/domain/account-settings';
import {
  DEFAULT_NOTIFICATION,
  NOTEBOOK_CONTENT_TYPES,
  NOTIFICATION_FREQUENCIES,
  type NotebookSetting,
  type NotebookVersion,
  type NotificationFrequency,
  type NotebookContentType,
} from '../../src/domain/notebook';
import { defaultFlags, RMS_VERSIONS, RR_PRO_OPTIONS, TR_SRC_OPTIONS } from '../../src/domain/user-fields';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export type NotebookRow = {
  user_id: number;
  frequency: string;
  content_types: string;
  template_ids: string;
  tag_ids: string;
  version: number;
  updated_by: string | null;
  updated_at: number | null;
};

/** A JSON list of numbers, or [] when the stored text is not one. */
function idList(text: string): number[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((x): x is number => typeof x === 'number' && Number.isInteger(x)) : [];
  } catch {
    return [];
  }
}

function contentTypes(text: string): NotebookContentType[] {
  try {
    const value: unknown = JSON.parse(text);
    const known: readonly string[] = NOTEBOOK_CONTENT_TYPES;
    return Array.isArray(value)
      ? value.filter((x): x is NotebookContentType => typeof x === 'string' && known.includes(x))
      : [];
  } catch {
    return [];
  }
}

export function toSetting(userId: number, row: NotebookRow | undefined): NotebookSetting {
  if (!row) {
    return {
      user_id: userId,
      notification: { ...DEFAULT_NOTIFICATION, content_types: [...DEFAULT_NOTIFICATION.content_types] },
      template_ids: [],
      tag_ids: [],
      version: 0,
      updated_by: null,
      updated_at: null,
    };
  }
  const frequency = (NOTIFICATION_FREQUENCIES as readonly string[]).includes(row.frequency)
    ? (row.frequency as NotificationFrequency)
    : DEFAULT_NOTIFICATION.frequency;
  return {
    user_id: userId,
    notification: { frequency, content_types: contentTypes(row.content_types) },
    template_ids: idList(row.template_ids),
    tag_ids: idList(row.tag_ids),
    version: Number(row.version),
    updated_by: row.updated_by,
    updated_at: row.updated_at === null ? null : Number(row.updated_at),
  };
}

export async function readSetting(db: Db, userId: number): Promise<NotebookSetting> {
  const row = await db.selectFrom('user_notebook').selectAll().where('user_id', '=', userId).executeTakeFirst();
  return toSetting(userId, row);
}

/** What the notebook reads of a user: their flags (users/records.ts visibleUser gives it). */
export type NotebookUser = { flags: Record<string, boolean | string> };

/** A stored choice flag when it is one of its options, else the default a new user gets. */
function choice<T extends string>(
  flags: Record<string, boolean | string>,
  key: string,
  options: readonly T[],
  fallback: T,
): T {
  const value = flags[key];
  return typeof value === 'string' && (options as readonly string[]).includes(value) ? (value as T) : fallback;
}

/** The user's notebook version and switcher against spec §9's default for this deployment. */
export function notebookVersionOf(user: NotebookUser, product: string, serverType: string): NotebookVersion {
  const defaults = defaultFlags(product);
  const deployment = notebookDefaults(serverType);
  return {
    version: choice(user.flags, 'rms_version', RMS_VERSIONS, defaults['rms_version'] as 'v1' | 'v2'),
    switcher: user.flags['rms_version_switcher'] === true,
    deployment: serverType,
    default_version: deployment.notebook_version,
    default_switcher: deployment.notebook_version_switcher,
  };
}

export function transcriptSourceOf(
  user: NotebookUser,
  product: string,
): { tr_src: (typeof TR_SRC_OPTIONS)[number]; rr_pro: (typeof RR_PRO_OPTIONS)[number] } {
  const defaults = defaultFlags(product);
  return {
    tr_src: choice(user.flags, 'tr_src', TR_SRC_OPTIONS, defaults['tr_src'] as (typeof TR_SRC_OPTIONS)[number]),
    rr_pro: choice(user.flags, 'rr_pro', RR_PRO_OPTIONS, defaults['rr_pro'] as (typeof RR_PRO_OPTIONS)[number]),
  };
}
