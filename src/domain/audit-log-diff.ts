// One audit entry's change in words (decision 062): the previous and current data flattened to
// dotted fields, each field that differs named with the label its own screen uses (a user's
// fields from user-labels, a setting from account-labels) or, failing that, its key in words.
// A field naming another record reads as its name and links to it (audit-refs.ts, decision 094);
// a moment reads as format.ts writes it; My Brokers' action and a distributor as their screens
// name them. Secrets (password hashes, TOTP secrets, tokens, keys) never leave as they are stored.
import { settingLabel, valueInWords } from './account-labels';
import { RECORD_KINDS, REDACTED, type AuditChange, type AuditRef } from './audit-log';
import { refFieldOf, refIds, refKey, NAMED_LIST_MAX, type NameBook, type RefField } from './audit-refs';
import { BR_AUDIT_CATEGORY, distributorLabel, RESEARCH_FLAG_KEYS, RESEARCH_FLAG_LABELS } from './broker-research';
import { BROKER_ACTION_LABELS } from './brokers';
import { featureLabel } from './feature-labels';
import { countText, dayText, timeText } from './format';
import {
  categoryLabel,
  configurationLabel,
  dataPlanLabel,
  startupScreenLabel,
  subscriptionStatusLabel,
  userFieldLabel,
  userTypeLabel,
} from './user-labels';

/** Keys whose values are never shown: passwords and their hashes, TOTP secrets, tokens, keys. */
const SECRET_KEY = /(password|passwd|secret|token|hash|otp|qrcode|api_?key|private_?key|^hx$|^ck$|^salt$)/i;
export const isSecretKey = (key: string): boolean => SECRET_KEY.test(key);

/** A copy with every secret value replaced by REDACTED, at any depth. */
export function redactSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, isSecretKey(k) ? REDACTED : redactSecrets(v)]));
  }
  return value;
}

const SETTING_CATEGORIES = new Set(['account settings', 'template settings', 'sku configuration']);
/** Nested objects deeper than this are shown whole, as text. */
const MAX_DEPTH = 4;

function flatten(value: unknown, prefix: string, out: Map<string, unknown>, depth: number): void {
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && depth < MAX_DEPTH) {
    const entries = Object.entries(value);
    if (entries.length === 0 && prefix !== '') out.set(prefix, value);
    for (const [k, v] of entries) flatten(v, prefix === '' ? k : `${prefix}.${k}`, out, depth + 1);
    return;
  }
  out.set(prefix === '' ? 'value' : prefix, value);
}

/** 'dd_limit' → 'Dd limit'. */
export const humanKey = (key: string): string => {
  const words = key
    .replace(/[_.]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** Fields read the same in every category: a moment, a distributor. */
const COMMON_LABELS: Record<string, string> = { dist: 'Distributor' };

function labelOf(product: string, category: string, field: string): string {
  const leaf0 = field.split('.').at(-1)!;
  const ref = refFieldOf(category, field);
  if (ref) return ref.label;
  if (COMMON_LABELS[leaf0]) return COMMON_LABELS[leaf0];
  if (category === BR_AUDIT_CATEGORY && (RESEARCH_FLAG_KEYS as readonly string[]).includes(leaf0))
    return RESEARCH_FLAG_LABELS[leaf0 as (typeof RESEARCH_FLAG_KEYS)[number]].label;
  if (SETTING_CATEGORIES.has(category)) {
    const label = settingLabel(product, field);
    return label.includes('_') || label === field ? humanKey(label) : label;
  }
  // A user record carries its expiry as a moment; the screens label it as the field it is edited by.
  const leaf = leaf0 === 'expiry_dt_timestamp' ? 'expiry_dt' : leaf0;
  if (category === 'user') {
    const label = userFieldLabel(product, leaf);
    const named = label !== leaf ? label : humanKey(leaf);
    return field.includes('.') ? `${humanKey(field.split('.').slice(0, -1).join(' '))}: ${named}` : named;
  }
  return field.split('.').map(humanKey).join(': ');
}

/** A user's coded fields read as the user screens name their choices ('Trial', not trial). */
function userValueWords(product: string, field: string, value: unknown): string | null {
  const leaf = field.split('.').at(-1);
  if (typeof value === 'string' && value !== '') {
    if (leaf === 'user_type') return userTypeLabel(value);
    if (leaf === 'user_category') return categoryLabel(value);
    if (leaf === 'product_configuration') return configurationLabel(product, value);
    if (leaf === 'subscription_status') return subscriptionStatusLabel(value);
    if (leaf === 'startup_screen') return startupScreenLabel(product, value);
  }
  if (leaf === 'data_plan' && Array.isArray(value))
    return value.length === 0 ? 'None' : value.map((x) => dataPlanLabel(product, String(x))).join(', ');
  return null;
}

/** A moment in ms since 1970 (after 2001), under a key that says it is one. */
const isMoment = (leaf: string, value: unknown): value is number =>
  typeof value === 'number' && value > 1e12 && /(_at|_timestamp)$/.test(leaf);

/** What reads the same whatever the category: moments, days, distributors, My Brokers' actions. */
function commonWords(field: string, value: unknown): string | null {
  const leaf = field.split('.').at(-1)!;
  if (isMoment(leaf, value)) return leaf.startsWith('expiry') ? dayText(value) : timeText(value);
  if (leaf === 'dist' && typeof value === 'string') return distributorLabel(value);
  if (leaf === 'action' && typeof value === 'string' && Object.hasOwn(BROKER_ACTION_LABELS, value))
    return BROKER_ACTION_LABELS[value as keyof typeof BROKER_ACTION_LABELS];
  return null;
}

const PLURALS: Record<string, string> = {
  user: 'users',
  group: 'groups',
  role: 'roles',
  account: 'organizations',
  template: 'templates',
  sku: 'SKUs',
  broker: 'brokers',
  tag: 'tags',
};

/** A record's name as kept or looked up; 'Organization #11' when it has none (gone before it was named). */
function nameOf(names: NameBook, kind: RefField['kind'], id: number): string {
  const known = names.get(refKey(kind, id));
  if (known !== undefined) return known;
  return `${kind === 'tag' ? 'Tag' : RECORD_KINDS[kind].label} #${id}`;
}

/** The records a value names, each with its name and (when it has a screen) a link; null when it names none. */
function refWords(names: NameBook, ref: RefField, value: unknown): { text: string; refs: AuditRef[] } | null {
  if (Array.isArray(value) && value.length > NAMED_LIST_MAX)
    return { text: `${countText(value.length)} ${PLURALS[ref.kind]}`, refs: [] };
  const ids = refIds(value);
  if (ids === null) return null;
  if (ids.length === 0) return { text: 'None', refs: [] };
  const refs = ids.map((id) => ({ kind: ref.kind, id, name: nameOf(names, ref.kind, id) }));
  return {
    text: refs.map((r) => r.name).join(', '),
    refs: ref.kind === 'tag' ? [] : refs,
  };
}

function words(product: string, category: string, field: string, value: unknown): string {
  if (value === null) return 'None';
  const common = commonWords(field, value);
  if (common !== null) return common;
  if (SETTING_CATEGORIES.has(category)) return valueInWords(product, field, value);
  if (category === 'user') {
    const named = userValueWords(product, field, value);
    if (named !== null) return named;
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return value === '' ? '(empty)' : value;
  if (typeof value === 'number') return String(value);
  // A role's permissions (and a staff member's) read as their form names them, never as keys.
  if (Array.isArray(value) && field.split('.').at(-1) === 'features')
    return value.length === 0 ? 'None' : value.map((x) => featureLabel(String(x))).join(', ');
  if (Array.isArray(value))
    return value.length === 0
      ? 'None'
      : value.map((x) => (typeof x === 'string' || typeof x === 'number' ? String(x) : JSON.stringify(x))).join(', ');
  return JSON.stringify(value);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Every field that differs, in the order the current data (then the previous) names them. A
 * field absent on one side reads null there: created, or removed. A secret that changed shows
 * as changed, never its value.
 */
export function auditChanges(
  product: string,
  category: string,
  previous: unknown,
  current: unknown,
  names: NameBook = new Map(),
): AuditChange[] {
  const before = new Map<string, unknown>();
  const after = new Map<string, unknown>();
  if (previous !== null && previous !== undefined) flatten(previous, '', before, 0);
  if (current !== null && current !== undefined) flatten(current, '', after, 0);
  const all = new Set([...after.keys(), ...before.keys()]);
  // A user's record carries its organization twice, by id and by name: one row says it.
  const fields = [...all].filter((f) => !(category === 'user' && f.endsWith('organization') && all.has(`${f}_id`)));
  const changes: AuditChange[] = [];
  for (const field of fields) {
    const had = before.has(field);
    const has = after.has(field);
    const b = before.get(field);
    const a = after.get(field);
    if (had && has && same(a, b)) continue;
    const secret = field.split('.').some(isSecretKey);
    const ref = secret ? null : refFieldOf(category, field);
    const side = (present: boolean, value: unknown) => {
      if (!present) return { text: null, refs: [] };
      if (secret) return { text: REDACTED, refs: [] };
      const named = ref && value != null ? refWords(names, ref, value) : null;
      return named ?? { text: words(product, category, field, value ?? null), refs: [] };
    };
    const was = side(had, b);
    const is = side(has, a);
    changes.push({
      field,
      label: labelOf(product, category, field),
      before: was.text,
      after: is.text,
      ...(was.refs.length ? { before_refs: was.refs } : {}),
      ...(is.refs.length ? { after_refs: is.refs } : {}),
    });
  }
  return changes;
}
