// Account Settings' machine (accountSettings): what it is given, holds and hears.
import type {
  AccountGroupOption,
  AccountSettingsPage,
  AccountSettingsReply,
  AccountSku,
  ListAccountsReply,
} from '../../domain/accounts';
import type { AccountSettingsRecord } from '../../domain/account-settings';
import type { Notice } from '../../machines/shared/notice';
import type { BareEvent } from '../../machines/shared/bare-event.types';
import type { IdEvent } from '../../machines/shared/payload-event.types';

/** Form values by request field ('account_settings.dd_limit', 'account_settings.regions.asia', 'account_level_flags.redirect'); limits as typed text. */
export type FlatValues = Record<string, string | number | boolean>;

/** The settings form of one account, from the version it was read at (0: nothing stored yet). */
export interface AccountForm {
  accountId: number;
  accountName: string;
  version: number;
  values: FlatValues;
  groups: number[];
  templateId: number | null;
  /** What the form held when it opened (or took from a save someone else made), to tell what changed. */
  base: { values: FlatValues; groups: number[]; templateId: number | null };
}

/** What is kept of an open form across a reload (decision 042). */
export type AccountDraft = AccountForm;

/** The list's position, as the URL holds it (/account_settings?q=…&cursor=…&page=2&account=7). */
export interface AccountListPosition {
  q: string;
  cursor: string;
  page: number;
  pageSize: number;
}

export interface AccountSettingsInput {
  productKey: string;
  position: AccountListPosition;
  /** The account open in the URL (?account=), opened once the list is read. */
  account: number | null;
  draft: AccountDraft | null;
}

export interface AccountSettingsContext {
  productKey: string;
  position: AccountListPosition;
  list: ListAccountsReply | null;
  /** The account to open or open now. */
  openId: number | null;
  form: AccountForm | null;
  draft: AccountDraft | null;
  groups: AccountGroupOption[];
  templates: { id: number; name: string }[];
  /** The SKUs the open account holds, as read with it (SKU Configuration changes them). */
  skus: AccountSku[];
  templateName: string | null;
  updatedBy: string | null;
  updatedAt: number | null;
  /** The settings as someone else stored them, while the person decides (field by field). */
  conflict: { record: AccountSettingsRecord; msg: string } | null;
  /** A save was tried: the browser's own check shows at every field, not only those changed. */
  tried: boolean;
  /** The server's refusal at each field (request field names), until the field changes. */
  serverErrors: Record<string, string>;
  /** Why the last save or reset did not happen, above the form. */
  formError: string | null;
  /** Why the list or the account could not be read. */
  error: string | null;
  notice: Notice | null;
}

export type AccountSettingsEvent =
  | BareEvent<'page.next' | 'page.prev' | 'list.retry' | 'account.close' | 'account.retry' | 'form.submit'>
  | BareEvent<'defaults.ask' | 'defaults.confirm' | 'defaults.cancel' | 'conflict.review' | 'conflict.cancel'>
  | { type: 'search.submit'; q: string }
  | { type: 'page.size'; size: number }
  | IdEvent<'account.open'>
  | { type: 'form.value'; field: string; value: string | number | boolean }
  | { type: 'form.queryBit'; bit: number; on: boolean }
  | { type: 'form.group'; id: number; on: boolean }
  | { type: 'form.template'; id: number | null };

export type ListOutcome = ListAccountsReply;
export type ReadOutcome = AccountSettingsPage;
export type SaveOutcome = AccountSettingsReply;
