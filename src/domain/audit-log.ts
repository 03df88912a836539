// The Audit Log (spec §3 "Audit log entry", "Log filter"; decision 062): the search of every
// entry newest first a page at a time, one entry as a change field by field, a record's history,
// and the CSV of a search. Sign-in events (category 'auth') are read here too, shown as 'Sign-in'.
import * as v from 'valibot';
import type { FeatureKey } from './features';
import { AUDIT_CATEGORIES, type AuditCategory } from './audit';
import { Id, Text } from './wire';
import { countText } from './format';

/** Entries a page holds. */
export const AUDIT_PAGE_SIZE = 50;
/** Totals are counted up to here, then said as 'more than'. */
export const AUDIT_TOTAL_CAP = 1_000;
export const AUDIT_AUTHOR_MAX = 150;
export const AUDIT_ACTION_MAX = 200;
/** What a redacted value reads. */
export const REDACTED = '(hidden)';

const CATEGORY_WORDS: Partial<Record<AuditCategory, string>> = {
  auth: 'Sign-in',
  'sku configuration': 'SKU configuration',
};
/** 'account settings' → 'Account settings'; 'auth' → 'Sign-in'. */
export const auditCategoryLabel = (category: string): string =>
  CATEGORY_WORDS[category as AuditCategory] ?? category.charAt(0).toUpperCase() + category.slice(1);

// ── records: the kinds an entry may name, and the section each belongs to ──
/** A record's history is that section's to show: the session needs the feature to read it. */
export const RECORD_KINDS = {
  user: { label: 'User', feature: 'user_mgmt' },
  group: { label: 'Group', feature: 'group_mgmt' },
  role: { label: 'Role', feature: 'role_mgmt' },
  account: { label: 'Organization', feature: 'account_settings_tab' },
  template: { label: 'Template', feature: 'template_settings_tab' },
  sku: { label: 'SKU', feature: 'sku_configuration_access' },
  broker: { label: 'Broker', feature: 'br_research' },
  research_request: { label: 'Research request', feature: 'br_research' },
} as const satisfies Record<string, { label: string; feature: FeatureKey }>;
export type RecordKind = keyof typeof RECORD_KINDS;
export const RECORD_KIND_KEYS = Object.keys(RECORD_KINDS) as RecordKind[];
/** Every feature that opens some record's history. */
export const HISTORY_FEATURES: readonly FeatureKey[] = [
  ...new Set(RECORD_KIND_KEYS.map((k) => RECORD_KINDS[k].feature)),
];
export const recordKindLabel = (kind: string): string =>
  Object.hasOwn(RECORD_KINDS, kind) ? RECORD_KINDS[kind as RecordKind].label : kind;
/** 'User #42', or with its name 'User jdoe (#42)'. */
export const recordText = (r: { kind: string; id: number; name?: string }): string =>
  r.name === undefined ? `${recordKindLabel(r.kind)} #${r.id}` : `${recordKindLabel(r.kind)} ${r.name} (#${r.id})`;

/**
 * Where a record's own screen opens on it, for the kinds whose screen keeps the record in its
 * address: a user's edit screen, the open organization of Account Settings, a broker's Broker
 * Details. Null for the others (their screens open no single record by address).
 */
export function recordHref(r: { kind: string; id: number }): string | null {
  switch (r.kind) {
    case 'user':
      return `/user_list/${r.id}`;
    case 'account':
      return `/account_settings?account=${r.id}`;
    case 'broker':
      return `/broker_research?tab=broker_details&broker=${r.id}`;
    default:
      return null;
  }
}

// ── the log filter (spec §3: both, Success, Failed) ──
export const AUDIT_RESULTS = ['both', 'success', 'failed'] as const;
export type AuditResult = (typeof AUDIT_RESULTS)[number];
export const AUDIT_RESULT_LABELS: Record<AuditResult, string> = { both: 'Both', success: 'Success', failed: 'Failed' };

export const AUDIT_MESSAGES = {
  listFailed: 'The audit log could not be loaded.',
  entryFailed: 'This entry could not be loaded.',
  historyFailed: 'The history could not be loaded.',
  noEntry: (id: number) => `No audit entry has the id ${id}.`,
  badRange: 'The first day must not be after the last.',
  recordNeedsBoth: 'Choose the kind of record and give its id.',
} as const;

// ── one entry on the wire ──
/** The record an entry is about; `name` as the record is called now, when it still exists. */
export const AuditRecordRef = v.object({ kind: v.string(), id: v.number(), name: v.optional(v.string()) });
export const AuditListItem = v.object({
  id: v.number(),
  category: v.string(),
  author: v.string(),
  action: v.string(),
  origin: v.string(),
  /** 'server' or 'client' (reported by the panel through log_data_in_es/). */
  source: v.string(),
  created_at: v.number(),
  success: v.boolean(),
  record: v.nullable(AuditRecordRef),
});
export type AuditListItem = v.InferOutput<typeof AuditListItem>;

/** A record a change names, by name, for a link to its screen (decision 094). */
export const AuditRef = v.object({ kind: v.string(), id: v.number(), name: v.string() });
export type AuditRef = v.InferOutput<typeof AuditRef>;

/** One field that differs between the previous and the current data, in words. */
export const AuditChange = v.object({
  /** The dotted key as stored: 'flags.crypto', 'account_settings.dd_limit'. */
  field: v.string(),
  label: v.string(),
  before: v.nullable(v.string()),
  after: v.nullable(v.string()),
  /** The records each side names (an organization, groups, brokers), in the order `before`/`after` name them. */
  before_refs: v.optional(v.array(AuditRef)),
  after_refs: v.optional(v.array(AuditRef)),
});
export type AuditChange = v.InferOutput<typeof AuditChange>;

/** Where the next page starts: after this (created_at, id), going back in time. */
export const AuditCursor = v.object({ at: v.number(), id: v.number() });
export type AuditCursor = v.InferOutput<typeof AuditCursor>;
/** '1764000000000-812': not a number, so the URL keeps it as text whole. */
export const auditCursorText = (c: AuditCursor) => `${c.at}-${c.id}`;
const CursorField = v.pipe(
  v.string(),
  v.regex(/^\d{1,15}-\d{1,15}$/, 'Not a page of this list.'),
  v.transform((s): AuditCursor => {
    const [at, id] = s.split('-');
    return { at: Number(at), id: Number(id) };
  }),
);
const OptionalCursor = v.optional(v.union([v.literal(''), CursorField], 'Not a page of this list.'), '');

/** A day as the date input gives it (UTC): '2026-11-28'. */
const Day = v.pipe(
  v.string(),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, 'Give a date as year-month-day.'),
  v.check(
    (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    'Not a date.',
  ),
);
const OptionalDay = v.optional(v.union([v.literal(''), Day], 'Give a date as year-month-day.'), '');
/** Midnight UTC of a day, in ms. */
export const dayStart = (day: string): number => Date.parse(`${day}T00:00:00Z`);
export const DAY_MS = 86_400_000;

// ── GET api/audit_log/ — the search ──
const SearchFields = {
  category: v.optional(
    v.union([v.literal(''), v.picklist(AUDIT_CATEGORIES, 'Choose a category.')], 'Choose a category.'),
    '',
  ),
  author: v.optional(Text(AUDIT_AUTHOR_MAX), ''),
  record_kind: v.optional(
    v.union([v.literal(''), v.picklist(RECORD_KIND_KEYS, 'Choose a kind of record.')], 'Choose a kind of record.'),
    '',
  ),
  record_id: v.optional(v.union([v.literal(''), Id], 'Expected an id.'), ''),
  action: v.optional(Text(AUDIT_ACTION_MAX), ''),
  from: OptionalDay,
  to: OptionalDay,
  result: v.optional(v.picklist(AUDIT_RESULTS, 'Choose both, Success or Failed.'), 'both'),
};
type SearchShape = { record_kind: string; record_id: number | ''; from: string; to: string };
/** A record is a kind and an id together; a range runs forwards. */
const searchCheck = <T extends SearchShape>() =>
  v.rawCheck<T>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const input = dataset.value;
    const refuse = (key: keyof SearchShape & keyof T, message: string) =>
      addIssue({ message, path: [{ type: 'object', origin: 'value', input, key, value: input[key] }] });
    if ((input.record_kind === '') !== (input.record_id === ''))
      refuse(input.record_kind === '' ? 'record_kind' : 'record_id', AUDIT_MESSAGES.recordNeedsBoth);
    if (input.from !== '' && input.to !== '' && input.from > input.to) refuse('to', AUDIT_MESSAGES.badRange);
  });
export const AuditSearchQuery = v.pipe(v.object({ ...SearchFields, cursor: OptionalCursor }), searchCheck());
export type AuditSearchQuery = v.InferOutput<typeof AuditSearchQuery>;
export type AuditFilter = Omit<AuditSearchQuery, 'cursor'>;
export const AuditExportQuery = v.pipe(v.object({ ...SearchFields }), searchCheck());

export const AuditListReply = v.object({
  status: v.literal(true),
  entries: v.array(AuditListItem),
  next: v.nullable(AuditCursor),
  /** Entries matching, counted up to AUDIT_TOTAL_CAP + 1. */
  total: v.number(),
  total_capped: v.boolean(),
});
export type AuditListReply = v.InferOutput<typeof AuditListReply>;

/** '1 entry', '312 entries', 'more than 1,000 entries' (a capped total is the count reached). */
export function auditTotalText(total: number, capped: boolean): string {
  if (capped) return `more than ${countText(total)} entries`;
  return total === 1 ? '1 entry' : `${countText(total)} entries`;
}

// ── GET api/audit_log/entry/ (id) — one entry, its change in words ──
export const AuditEntryQuery = v.object({ id: Id });
export const AuditEntryReply = v.object({
  status: v.literal(true),
  entry: AuditListItem,
  /** Each field that differs, in words; secrets read REDACTED. */
  changes: v.array(AuditChange),
});
export type AuditEntryReply = v.InferOutput<typeof AuditEntryReply>;

// ── GET api/audit_log/history/ (kind, id, cursor) — one record's entries ──
export const RecordHistoryQuery = v.object({
  kind: v.picklist(RECORD_KIND_KEYS, 'Choose a kind of record.'),
  id: Id,
  cursor: OptionalCursor,
});
export type RecordHistoryQuery = v.InferOutput<typeof RecordHistoryQuery>;
export const RecordHistoryReply = v.object({
  status: v.literal(true),
  entries: v.array(v.object({ ...AuditListItem.entries, changes: v.array(AuditChange) })),
  next: v.nullable(AuditCursor),
});
export type RecordHistoryReply = v.InferOutput<typeof RecordHistoryReply>;
export type HistoryItem = RecordHistoryReply['entries'][number];

/** The columns of the CSV, in order. */
export const AUDIT_EXPORT_COLUMNS = [
  'time',
  'category',
  'author',
  'action',
  'result',
  'origin',
  'record',
  'previous_data',
  'current_data',
] as const;
