// The Account Settings calls (decision 051): plain functions, every reply parsed by its src/domain
// schema; bodies are form data, the settings objects and the group list as JSON text in their
// fields (accountSettingsFields), as templates.service sends them. A stale save answers 409, which the machine reads by shape
// (staleAccountSettingsOf).
import * as v from 'valibot';
import {
  accountSettingsFields,
  AccountSettingsPage,
  AccountSettingsReply,
  ListAccountsReply,
  type AccountSettingsInput,
} from '../../domain/accounts';
import { http, toFormData } from '../../services/http';

export async function listAccounts(opts: { q: string; cursor: string; pageSize: number }): Promise<ListAccountsReply> {
  const params = new URLSearchParams({ q: opts.q, cursor: opts.cursor, page_size: String(opts.pageSize) });
  return v.parse(ListAccountsReply, await http(`/api/as/?${params}`));
}

export async function readAccountSettings(accountId: number): Promise<AccountSettingsPage> {
  return v.parse(AccountSettingsPage, await http(`/api/as/?account_id=${accountId}`));
}

/** POST from nothing stored (version 0), PUT from a version. */
export async function saveAccountSettings(input: AccountSettingsInput): Promise<AccountSettingsReply> {
  const body = toFormData(accountSettingsFields(input));
  return v.parse(AccountSettingsReply, await http('/api/as/', { method: input.version === 0 ? 'POST' : 'PUT', body }));
}

export async function resetAccountSettings(accountId: number, version: number): Promise<AccountSettingsReply> {
  return v.parse(AccountSettingsReply, await http(`/api/as/${accountId}/?version=${version}`, { method: 'DELETE' }));
}
