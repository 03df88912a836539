// Account Settings (/account_settings, decision 051): the account list, one account's settings and
// their saves, and the account record itself. Everything needs account_settings_tab. Bodies are
// form data (spec §7), objects and lists as JSON text in a field; a refused value is a 400 naming
// its field, dotted into that JSON (account_settings.dd_limit …), a save from an older version a
// 409 with what is stored now.
import type { Context } from 'hono';
import * as v from 'valibot';
import {
  accountNameTaken,
  CreateAccountForm,
  DeleteAccountSettingsQuery,
  GetAccountQuery,
  ListAccountsQuery,
  saveAccountSettingsForm,
  UpdateAccountForm,
  type AccountRecordReply,
  type AccountSettingsPage,
  type AccountSettingsReply,
  type ListAccountsReply,
  type StaleAccountRecordReply,
} from '../../src/domain/accounts';
import type { AccountSettingsRecord, StaleAccountSettingsReply } from '../../src/domain/account-settings';
import { Id } from '../../src/domain/wire';
import { encodeAccountCursor, listAccounts } from '../accounts/list';
import { readAccountSettings, type AccountContext } from '../accounts/settings-store';
import {
  accountChoices,
  createAccount,
  readAccountRecord,
  resetAccountSettings,
  saveAccountSettings,
  updateAccount,
} from '../accounts/store';
import { skusOfAccount } from '../skus/store';
import type { AppDeps } from '../context';
import { badInput, badRequest, refuseFields, stale } from '../http/replies';
import { BadCursor } from '../db/keyset';
import { defineRoute } from '../routes';
import { normaliseQuery } from '../db/prefix-match';

const ACCESS = 'account_settings_tab';
const NO_ACCOUNT = 'There is no such account.';
/**
 * The save's form is built per platform key, so the handler checks it (saveAccountSettingsForm).
 * The fields pass as sent: a loose object would drop `__proto__` and `constructor`, which the strict
 * form must see to refuse as unknown fields.
 */
const AnyFields = v.custom<Record<string, unknown>>(
  (x) => typeof x === 'object' && x !== null,
  'Send the settings as form data.',
);

const contextOf = (deps: AppDeps): AccountContext => ({
  productKey: deps.config.productKey,
  serverType: deps.config.serverType,
});

function staleSettings(c: Context, current: AccountSettingsRecord): Response {
  const who = current.updated_by ? `${current.updated_by} ` : 'Someone else ';
  const msg = current.is_new_created
    ? `${who}put this account back on the defaults since you opened it.`
    : `${who}saved this account's settings since you opened it.`;
  return stale<StaleAccountSettingsReply>(c, msg, { current });
}

const missing = (c: Context) => c.json({ status: false, msg: NO_ACCOUNT }, 404);

const list = defineRoute({
  method: 'GET',
  path: '/api/as/',
  access: ACCESS,
  schema: ListAccountsQuery,
  summary:
    "Accounts by name in keyset pages (q: names starting with it or with a word that does), with total_accounts (counted to 1,000 for a search); with account_id, that account's settings, groups, templates and the SKUs it holds (retired ones too).",
  async handler({ c, deps, input }) {
    if (input.account_id !== '') {
      const record = await readAccountSettings(deps.db, contextOf(deps), input.account_id);
      if (!record) return missing(c);
      const [choices, held] = await Promise.all([
        accountChoices(deps.db, input.account_id),
        skusOfAccount(deps.db, input.account_id),
      ]);
      const skus = held.map(({ sku }) => ({
        id: sku.id,
        code: sku.code,
        name: sku.name,
        retired: sku.status === 'retired',
      }));
      const reply: AccountSettingsPage = { status: true, msg: '', result: record, ...choices, skus };
      return c.json(reply);
    }
    let page;
    try {
      page = await listAccounts(deps.db, { q: input.q, cursor: input.cursor, pageSize: input.page_size });
    } catch (err) {
      if (err instanceof BadCursor) return badRequest(c, err.message, { cursor: [err.message] });
      throw err;
    }
    const q = normaliseQuery(input.q).toLowerCase();
    const reply: ListAccountsReply = {
      status: true,
      items: page.items,
      total_accounts: page.total,
      total_capped: page.capped,
      count: page.items.length,
      next_cursor: page.next && encodeAccountCursor(q, page.next),
      prev_cursor: page.prev && encodeAccountCursor(q, page.prev),
    };
    return c.json(reply);
  },
});

const save = (mode: 'create' | 'update') =>
  defineRoute({
    method: mode === 'create' ? 'POST' : 'PUT',
    path: '/api/as/',
    access: ACCESS,
    schema: AnyFields,
    summary:
      mode === 'create'
        ? "Stores an account's settings for the first time (from version 0; is_new_created true): every field of account_settings and account_level_flags, the account's groups, the template it follows."
        : "Saves an account's settings from the version the edit started from (another save in between: 409 with the settings as stored now).",
    async handler({ c, deps, input, now, session }) {
      const ctx = contextOf(deps);
      const parsed = v.safeParse(saveAccountSettingsForm(ctx.productKey, mode), input);
      if (!parsed.success) return badInput(c, parsed.issues);
      const out = await saveAccountSettings(deps.db, ctx, parsed.output, session.user.username, now);
      if (!out.ok && out.reason === 'fields') return refuseFields(c, 'The settings were not saved.', out.fields);
      if (!out.ok && out.reason === 'missing') return missing(c);
      if (!out.ok) return staleSettings(c, out.current);
      const reply: AccountSettingsReply = {
        status: true,
        msg: `Settings of ${out.record.account_name} saved.`,
        result: out.record,
        ...(out.created ? { is_new_created: true } : {}),
      };
      return c.json(reply);
    },
  });

const reset = defineRoute({
  method: 'DELETE',
  path: '/api/as/:id/',
  access: ACCESS,
  summary:
    "Removes an account's saved settings (from ?version=, the one the person saw): it runs on the defaults again.",
  async handler({ c, deps, now, session }) {
    const id = v.safeParse(Id, c.req.param('id'));
    if (!id.success) return badRequest(c, 'Expected an account id.', { id: ['Expected an account id.'] });
    const query = v.safeParse(DeleteAccountSettingsQuery, { version: c.req.query('version') ?? '' });
    if (!query.success) return badInput(c, query.issues);
    const out = await resetAccountSettings(
      deps.db,
      contextOf(deps),
      id.output,
      query.output.version,
      session.user.username,
      now,
    );
    if (!out.ok && out.reason === 'missing') return missing(c);
    if (!out.ok) return staleSettings(c, out.current);
    const reply: AccountSettingsReply = {
      status: true,
      msg: `${out.record.account_name} is back on the default settings.`,
      result: out.record,
    };
    return c.json(reply);
  },
});

function staleRecord(c: Context, current: NonNullable<Awaited<ReturnType<typeof readAccountRecord>>>): Response {
  return stale<StaleAccountRecordReply>(
    c,
    `Someone else edited this account since you opened it; it is now named '${current.name}'.`,
    { current },
  );
}

const getAccount = defineRoute({
  method: 'GET',
  path: '/api/account/',
  access: ACCESS,
  schema: GetAccountQuery,
  summary: 'One account (organization): name, Salesforce ids, version.',
  async handler({ c, deps, input }) {
    const record = await readAccountRecord(deps.db, input.account_id);
    if (!record) return missing(c);
    const reply: AccountRecordReply = { status: true, msg: '', result: record };
    return c.json(reply);
  },
});

const createAccountRoute = defineRoute({
  method: 'POST',
  path: '/api/account/',
  access: ACCESS,
  schema: CreateAccountForm,
  summary:
    'Creates an account (organization): a name unique whatever its case, Salesforce ids; it starts on the default settings.',
  async handler({ c, deps, input, now, session }) {
    const out = await createAccount(deps.db, input, session.user.username, now);
    if (!out.ok) return refuseFields(c, accountNameTaken(input.name), { name: accountNameTaken(input.name) });
    const reply: AccountRecordReply = {
      status: true,
      msg: `Account '${out.record.name}' created.`,
      result: out.record,
    };
    return c.json(reply);
  },
});

const updateAccountRoute = defineRoute({
  method: 'PUT',
  path: '/api/account/',
  access: ACCESS,
  schema: UpdateAccountForm,
  summary:
    'Renames an account and sets its Salesforce ids, from the version the edit started from (another edit in between: 409 with the account now).',
  async handler({ c, deps, input, now, session }) {
    const out = await updateAccount(deps.db, input, session.user.username, now);
    if (!out.ok && out.reason === 'name')
      return refuseFields(c, accountNameTaken(input.name), { name: accountNameTaken(input.name) });
    if (!out.ok && out.reason === 'missing') return missing(c);
    if (!out.ok) return staleRecord(c, out.current);
    const reply: AccountRecordReply = { status: true, msg: `Account '${out.record.name}' saved.`, result: out.record };
    return c.json(reply);
  },
});

export const accountRoutes = [
  list,
  save('create'),
  save('update'),
  reset,
  getAccount,
  createAccountRoute,
  updateAccountRoute,
];
