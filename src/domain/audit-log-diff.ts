// One audit entry's change in words (decision 062): the previous and current data flattened to
// dotted fields, each field that differs named with the label its own screen uses (a user's
// fields from user-labels, a setting from account-labels) or, failing that, its key in words.
// Secrets (password hashes, TOTP secrets, tokens, keys) never leave as they are stored.
import { settingLabel, valueInWords } from './account-labels';
import { REDACTED, type AuditChange } from './audit-log';
import { featureLabel } from './feature-labels';
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

function labelOf(product: string, category: string, field: string): string {
  if (SETTING_CATEGORIES.has(category)) {
    const label = settingLabel(product, field);
    return label.includes('_') || label === field ? humanKey(label) : label;
  }
  const leaf = field.split('.').at(-1)!;
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

function words(product: string, category: string, field: string, value: unknown): string {
  if (value === null) return 'None';
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
export function auditChanges(product: string, category: string, previous: unknown, current: unknown): AuditChange[] {
  const before = new Map<string, unknown>();
  const after = new Map<string, unknown>();
  if (previous !== null && previous !== undefined) flatten(previous, '', before, 0);
  if (current !== null && current !== undefined) flatten(current, '', after, 0);
  const fields = [...new Set([...after.keys(), ...before.keys()])];
  const changes: AuditChange[] = [];
  for (const field of fields) {
    const had = before.has(field);
    const has = after.has(field);
    const b = before.get(field);
    const a = after.get(field);
    if (had && has && same(a, b)) continue;
    const secret = field.split('.').some(isSecretKey);
    changes.push({
      field,
      label: labelOf(product, category, field),
      before: had ? (secret ? REDACTED : words(product, category, field, b ?? null)) : null,
      after: has ? (secret ? REDACTED : words(product, category, field, a ?? null)) : null,
    });
  }
  return changes;
}
