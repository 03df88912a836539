// The settings form's values (decision 051): a record flattened to request fields and back, the
// browser's check with the contract's own schemas and cross-field rules (the server runs the same
// ones), and what a save someone else made changed, field by field.
import type { ConflictRow } from '../../domain/conflict';
import * as v from 'valibot';
import { settingLabel, valueInWords } from '../../domain/account-labels';
import {
  accountSettingsContract,
  accountSettingsProblems,
  queryBitsOf,
  queryPermissionOf,
  type AccountSettingsRecord,
} from '../../domain/account-settings';
import type { AccountSettingsInput } from '../../domain/accounts';
import { fieldsOfIssues } from '../../domain/field-errors';
import type { AccountForm, FlatValues } from './account-settings.types';

const NUMBER_FIELDS = ['otd_limit', 'dd_limit', 'export_hits_limit', 'other_docsearch_features'];
export const QUERY_FIELD = 'account_level_flags.new_filter_permission';

export function flatten(record: Pick<AccountSettingsRecord, 'account_settings' | 'account_level_flags'>): FlatValues {
  const out: FlatValues = {};
  for (const [k, value] of Object.entries(record.account_settings)) {
    if (k === 'regions' && value && typeof value === 'object') {
      for (const [r, on] of Object.entries(value as Record<string, boolean>)) out[`account_settings.regions.${r}`] = on;
    } else {
      out[`account_settings.${k}`] = NUMBER_FIELDS.includes(k) ? String(value) : (value as string | number | boolean);
    }
  }
  for (const [k, value] of Object.entries(record.account_level_flags))
    out[`account_level_flags.${k}`] = value as string | number | boolean;
  return out;
}

export function formOf(record: AccountSettingsRecord): AccountForm {
  const values = flatten(record);
  return {
    accountId: record.account_id,
    accountName: record.account_name,
    version: record.version,
    values,
    groups: record.accountsettings_groups,
    templateId: record.templatesettings_id,
    base: { values, groups: record.accountsettings_groups, templateId: record.templatesettings_id },
  };
}

function unflatten(values: FlatValues): {
  account_settings: Record<string, unknown>;
  account_level_flags: Record<string, unknown>;
} {
  const settings: Record<string, unknown> = {};
  const flags: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(values)) {
    const parts = field.split('.');
    if (parts[0] === 'account_settings' && parts[1] === 'regions' && parts[2])
      ((settings['regions'] ??= {}) as Record<string, unknown>)[parts[2]] = value;
    else if (parts[0] === 'account_settings') settings[parts[1]!] = value;
    else flags[parts[1]!] = value;
  }
  return { account_settings: settings, account_level_flags: flags };
}

/** The browser's check: every problem at its request field, and the body to send when there is none. */
export function checkForm(
  key: string,
  form: AccountForm,
): { fields: Record<string, string>; input: AccountSettingsInput | null } {
  const contract = accountSettingsContract(key);
  const raw = unflatten(form.values);
  const settings = v.safeParse(contract.settings, raw.account_settings);
  const flags = v.safeParse(contract.levelFlags, raw.account_level_flags);
  const fields: Record<string, string> = {};
  const prefixed = (prefix: string, issues: readonly v.BaseIssue<unknown>[]) => {
    for (const [k, m] of Object.entries(fieldsOfIssues(issues))) fields[`${prefix}.${k}`] ??= m;
  };
  if (!settings.success) prefixed('account_settings', settings.issues);
  if (!flags.success) prefixed('account_level_flags', flags.issues);
  if (!settings.success || !flags.success) return { fields, input: null };
  const values = { account_settings: settings.output, account_level_flags: flags.output };
  Object.assign(fields, accountSettingsProblems(key, values));
  if (Object.keys(fields).length > 0) return { fields, input: null };
  return {
    fields,
    input: {
      account_id: form.accountId,
      version: form.version,
      ...values,
      accountsettings_groups: form.groups,
      templatesettings_id: form.templateId,
    },
  };
}

export const queryBitsOfForm = (form: AccountForm) => queryBitsOf(String(form.values[QUERY_FIELD] ?? '0'));
export const withQueryBit = (form: AccountForm, bit: number, on: boolean) => {
  const bits = queryBitsOfForm(form).filter((b) => b !== bit);
  return queryPermissionOf(on ? [...bits, bit] : bits);
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const sameSet = (a: readonly number[], b: readonly number[]) => same([...a].sort(), [...b].sort());

/** The form differs from what it opened with. */
export function formChanged(form: AccountForm): boolean {
  return (
    Object.keys(form.values).some((k) => !same(form.values[k], form.base.values[k])) ||
    !sameSet(form.groups, form.base.groups) ||
    form.templateId !== form.base.templateId
  );
}

/** Field by field, what the other save changed from what the form opened with. */
export function conflictRows(
  key: string,
  form: AccountForm,
  current: AccountSettingsRecord,
  groupName: (id: number) => string,
): ConflictRow[] {
  const stored = flatten(current);
  const rows: ConflictRow[] = [];
  const shown = (field: string, value: unknown) => valueInWords(key, field, value);
  const template = (id: number | null) => shown('templatesettings_id', id === null ? null : String(id));
  for (const field of Object.keys(stored)) {
    if (same(stored[field], form.base.values[field])) continue;
    rows.push({
      key: field,
      label: settingLabel(key, field),
      opened: shown(field, form.base.values[field]),
      stored: shown(field, stored[field]),
      yours: shown(field, form.values[field]),
      clash: !same(form.values[field], form.base.values[field]),
    });
  }
  if (!sameSet(current.accountsettings_groups, form.base.groups)) {
    const names = (ids: readonly number[]) => ids.map(groupName);
    rows.push({
      key: 'accountsettings_groups',
      label: settingLabel(key, 'accountsettings_groups'),
      opened: shown('accountsettings_groups', names(form.base.groups)),
      stored: shown('accountsettings_groups', names(current.accountsettings_groups)),
      yours: shown('accountsettings_groups', names(form.groups)),
      clash: !sameSet(form.groups, form.base.groups),
    });
  }
  if (current.templatesettings_id !== form.base.templateId) {
    rows.push({
      key: 'templatesettings_id',
      label: settingLabel(key, 'templatesettings_id'),
      opened: template(form.base.templateId),
      stored: current.template_name ?? template(current.templatesettings_id),
      yours: template(form.templateId),
      clash: form.templateId !== form.base.templateId,
    });
  }
  return rows;
}

/** Their version with the person's own changes kept where the other save left a field alone. */
export function mergeTheirs(form: AccountForm, current: AccountSettingsRecord): AccountForm {
  const theirs = formOf(current);
  const values: FlatValues = { ...theirs.values };
  for (const field of Object.keys(values)) {
    const mine = !same(form.values[field], form.base.values[field]);
    const touched = !same(theirs.values[field], form.base.values[field]);
    if (mine && !touched) values[field] = form.values[field]!;
  }
  const groups =
    !sameSet(form.groups, form.base.groups) && sameSet(theirs.groups, form.base.groups) ? form.groups : theirs.groups;
  const templateId =
    form.templateId !== form.base.templateId && theirs.templateId === form.base.templateId
      ? form.templateId
      : theirs.templateId;
  return { ...theirs, values, groups, templateId };
}
