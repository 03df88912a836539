// SKU Configuration's machine (skuEditor): what it is given, holds and hears.
import type {
  AssignPreview,
  AssignReply,
  Sku,
  SkuHoldersReply,
  SkuListReply,
  SkuReply,
  SkuStatus,
} from '../../domain/skus';
import type { Notice } from '../../machines/shared/notice';
import type { BareEvent } from '../../machines/shared/bare-event.types';
import type { IdEvent, ValueEvent } from '../../machines/shared/payload-event.types';
import type { RecordVersion } from '../../machines/shared/record-version.types';

/** The values a SKU form edits (also what it opened with, to tell a change). */
export interface SkuFormValues {
  code: string;
  name: string;
  description: string;
  product_configuration: string;
  data_plan: string[];
  /** The settings this SKU sets, by dotted path (`account_settings.otd_limit`): numbers as typed text, switches as booleans. */
  defaults: Record<string, unknown>;
}

/** A new SKU (id null) or a change to one, from the version it was read at. */
export interface SkuForm extends SkuFormValues {
  id: number | null;
  version: number;
  base: SkuFormValues;
}

/** What is kept of an open form across a reload (decision 042). */
export type SkuDraft = SkuForm;

export interface SkuEditorInput {
  /** The platform key: the data plan rules and setting names depend on it. */
  productKey: string;
  /** A form kept from before a reload: it opens again once the SKUs are read. */
  draft: SkuDraft | null;
}

export interface AccountPick {
  account_id: number;
  name: string;
}

export interface SkuEditorContext {
  productKey: string;
  skus: Sku[];
  /** The list's search text and status filter (applied on the loaded list). */
  search: string;
  status: 'all' | SkuStatus;
  form: SkuForm | null;
  /** The data plan rules' notices after the last choice (blue). */
  planNotices: string[];
  /** The server's refusal at each field of the form (code, data_plan, account_settings.otd_limit …), until the field changes. */
  serverErrors: Record<string, string>;
  /** Why the last save did not happen, above the form. */
  formError: string | null;
  /** The SKU being retired or reactivated, whose holders are shown, or being assigned. */
  target: Sku | null;
  holders: SkuHoldersReply['items'];
  holdersTotal: number;
  /** The next page's `after`, or null on the last page. */
  holdersNext: number | null;
  /** The `after` of the page being read (null: the first). */
  holdersAfter: number | null;
  /** The account the SKU is being taken off, while that is asked and done. */
  takingOff: { accountId: number; name: string } | null;
  /** The account an assignment is for, and what assigning changes there. */
  account: AccountPick | null;
  preview: AssignPreview | null;
  /** Why loading, a status change, reading holders or assigning failed. */
  error: string | null;
  /** What the last change did. */
  notice: Notice | null;
}

export type SkuEditorEvent =
  | BareEvent<'skus.retry' | 'sku.new' | 'form.submit' | 'form.cancel' | 'status.confirm' | 'status.cancel'>
  | BareEvent<'holders.more' | 'holders.close' | 'unassign.confirm' | 'unassign.cancel'>
  | BareEvent<'assign.confirm' | 'assign.cancel' | 'assign.close'>
  | ValueEvent<'list.search' | 'form.code' | 'form.name' | 'form.description' | 'form.configuration'>
  | ValueEvent<'list.status', 'all' | SkuStatus>
  | IdEvent<'sku.edit' | 'sku.status' | 'sku.holders' | 'sku.assign'>
  | { type: 'form.planItem'; item: string; on: boolean }
  | { type: 'form.addSetting'; path: string }
  | { type: 'form.setting'; path: string; value: unknown }
  | { type: 'form.removeSetting'; path: string }
  | { type: 'holders.unassign'; accountId: number }
  | { type: 'assign.account'; account: AccountPick };

export type LoadOutcome = SkuListReply;
export type SaveOutcome = SkuReply;
export interface StatusInput extends RecordVersion {
  status: SkuStatus;
}
export interface HoldersInput {
  skuId: number;
  after: number | null;
}
export interface AssignInput {
  skuId: number;
  accountId: number;
  version: number;
}
export type PreviewOutcome = { status: true; preview: AssignPreview };
export type AssignOutcome = AssignReply;
