// The Account Settings calls (decision 051): plain functions, every reply parsed by its src/domain
// schema; bodies are JSON. A stale save answers 409, which the machine reads by shape
// (staleAccountSettingsOf).
import * as v from 'valibot';
import { AccountSettingsPage, AccountSettingsReply, ListAccountsReply, type AccountSettingsInput } from '../domain/accounts';
import { http } from './http';

export async function listAccounts(opts: { q: string; cursor: string; pageSize: number }): Promise<ListAccountsReply> {
  const params = new URLSearchParams({ q: opts.q, cursor: opts.cursor, page_size: String(opts.pageSize) });
  return v.parse(ListAccountsReply, await http(`/api/as/?${params}`));
}

export async function readAccountSettings(accountId: number): Promise<AccountSettingsPage> {
  return v.parse(AccountSettingsPage, await http(`/api/as/?account_id=${accountId}`));
}

/** POST from nothing stored (version 0), PUT from a version. */
export async function saveAccountSettings(input: AccountSettingsInput): Promise<AccountSettingsReply> {
  const { version, ...rest } = input;
  const body = version === 0 ? rest : input;
  return v.parse(AccountSettingsReply, await http('/api/as/', { method: version === 0 ? 'POST' : 'PUT', body: body as unknown as Record<string, unknown> }));
}

export async function resetAccountSettings(accountId: number, version: number): Promise<AccountSettingsReply> {
  return v.parse(AccountSettingsReply, await http(`/api/as/${accountId}/?version=${version}`, { method: 'DELETE' }));
}
