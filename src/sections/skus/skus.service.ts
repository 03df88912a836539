// The SKU Configuration calls (decision 053): plain functions, every reply parsed by its src/domain
// schema. A 409 (the SKU or the account's settings changed) is read by shape (skuConflictOf).
import * as v from 'valibot';
import {
  AssignPreviewReply,
  AssignReply,
  SkuHoldersReply,
  SkuListReply,
  SkuReply,
  UnassignReply,
  type SkuStatus,
} from '../../domain/skus';
import { http, toFormData } from '../../services/http';

export interface SkuFields {
  code: string;
  name: string;
  description: string;
  product_configuration: string;
  data_plan: readonly string[];
  /** By dotted path: account_settings.otd_limit, account_level_flags.open_intercom. */
  defaults: Record<string, unknown>;
}

const post = (path: string, fields: Record<string, string>) => http(path, { method: 'POST', body: toFormData(fields) });

function skuFields(f: SkuFields): Record<string, string> {
  const settings: Record<string, unknown> = {};
  const flags: Record<string, unknown> = {};
  for (const [path, value] of Object.entries(f.defaults)) {
    const [group, key] = path.split('.') as [string, string];
    (group === 'account_settings' ? settings : flags)[key] = value;
  }
  return {
    code: f.code,
    name: f.name,
    description: f.description,
    product_configuration: f.product_configuration,
    data_plan: JSON.stringify(f.data_plan),
    account_settings: JSON.stringify(settings),
    account_level_flags: JSON.stringify(flags),
  };
}

export async function fetchSkus(): Promise<SkuListReply> {
  return v.parse(SkuListReply, await http('/api/sku/'));
}

export async function createSku(fields: SkuFields): Promise<SkuReply> {
  return v.parse(SkuReply, await post('/api/sku/', skuFields(fields)));
}

export async function updateSku(id: number, version: number, fields: SkuFields): Promise<SkuReply> {
  return v.parse(
    SkuReply,
    await post('/api/sku/update/', { id: String(id), version: String(version), ...skuFields(fields) }),
  );
}

export async function changeSkuStatus(id: number, version: number, status: SkuStatus): Promise<SkuReply> {
  return v.parse(SkuReply, await post('/api/sku/status/', { id: String(id), version: String(version), status }));
}

export async function readHolders(skuId: number, after: number | null): Promise<SkuHoldersReply> {
  const query = new URLSearchParams({ sku_id: String(skuId), ...(after === null ? {} : { after: String(after) }) });
  return v.parse(SkuHoldersReply, await http(`/api/sku/holders/?${query.toString()}`));
}

export async function unassignSku(skuId: number, accountId: number): Promise<v.InferOutput<typeof UnassignReply>> {
  return v.parse(
    UnassignReply,
    await post('/api/sku/unassign/', { sku_id: String(skuId), account_id: String(accountId) }),
  );
}

export async function previewAssignment(skuId: number, accountId: number): Promise<AssignPreviewReply> {
  return v.parse(
    AssignPreviewReply,
    await post('/api/sku/assign/preview/', { sku_id: String(skuId), account_id: String(accountId) }),
  );
}

export async function assignSku(skuId: number, accountId: number, version: number): Promise<AssignReply> {
  return v.parse(
    AssignReply,
    await post('/api/sku/assign/', { sku_id: String(skuId), account_id: String(accountId), version: String(version) }),
  );
}
