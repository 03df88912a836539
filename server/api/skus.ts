// SKU Configuration (/sku_configuration, decision 053): every route needs sku_configuration_access.
// Requests are form data (spec §7's habit); the data plan and the two default objects travel as
// JSON text and are checked here with the account settings contract of the platform key. A
// refusal the data decides is a 409 the panel reads by shape: stale (the SKU, or the account's
// settings, changed since they were read).
import type { Context } from 'hono';
import * as v from 'valibot';
import { productNames } from '../../src/domain/product';
import {
  AccountSkusQuery,
  AssignForm,
  AssignPreviewForm,
  CreateSkuForm,
  SKU_MESSAGES,
  SkuHoldersQuery,
  SkuListQuery,
  SkuStatusForm,
  skuDataPlanProblem,
  skuDefaultsProblems,
  skuDefaultsSchema,
  UnassignForm,
  UpdateSkuForm,
  type AccountSkusReply,
  type AssignPreviewReply,
  type AssignReply,
  type SkuHoldersReply,
  type SkuListReply,
  type SkuReply,
  type StaleAssignReply,
  type StaleSkuReply,
} from '../../src/domain/skus';
import { storedDataPlan } from '../../src/domain/user-rules';
import type { AppDeps } from '../context';
import { badInput, refuseFields, stale } from '../http/replies';
import { defineRoute } from '../routes';
import { assignSku, previewAssignment, unassignSku } from '../skus/assign';
import {
  createSku,
  listSkus,
  skuHolders,
  skusOfAccount,
  updateSku,
  type SkuChange,
  type SkuValues,
} from '../skus/store';
import { settingLabel } from '../../src/domain/account-labels';

const ACCESS = 'sku_configuration_access' as const;
const ctxOf = (deps: AppDeps) => ({ productKey: deps.config.productKey, serverType: deps.config.serverType });

/** The SKU's fields checked with the platform key's rules: values to store, or the refusal. */
function checked(c: Context, key: string, input: CreateSkuForm): { values: SkuValues } | { refusal: Response } {
  const fields: Record<string, string> = {};
  if (!(productNames(key).configurations as readonly string[]).includes(input.product_configuration))
    fields['product_configuration'] = SKU_MESSAGES.configuration;
  const plan = skuDataPlanProblem(key, input.data_plan);
  if (plan) fields['data_plan'] = plan;
  const defaults = v.safeParse(skuDefaultsSchema(key), {
    account_settings: input.account_settings,
    account_level_flags: input.account_level_flags,
  });
  if (!defaults.success) return { refusal: badInput(c, defaults.issues) };
  Object.assign(fields, skuDefaultsProblems(key, defaults.output));
  if (Object.keys(fields).length) {
    const messages = Object.values(fields);
    return {
      refusal: refuseFields(
        c,
        messages.length === 1 ? messages[0]! : `${messages.length} fields are not valid.`,
        fields,
      ),
    };
  }
  return {
    values: {
      code: input.code,
      name: input.name,
      description: input.description,
      product_configuration: input.product_configuration,
      data_plan: storedDataPlan(input.data_plan),
      account_settings: defaults.output.account_settings as Record<string, unknown>,
      account_level_flags: defaults.output.account_level_flags as Record<string, unknown>,
    },
  };
}

function refusedChange(c: Context, result: Exclude<SkuChange, { ok: true }>, code: string): Response {
  switch (result.reason) {
    case 'code':
      return refuseFields(c, SKU_MESSAGES.codeTaken(code), { code: SKU_MESSAGES.codeTaken(code) });
    case 'missing':
      return c.json({ status: false, msg: SKU_MESSAGES.missing }, 404);
    case 'stale': {
      const msg = result.current
        ? `${SKU_MESSAGES.stale(result.current.code)}`
        : 'Someone else deleted this SKU since you opened it.';
      return stale<StaleSkuReply>(c, msg, { current: result.current });
    }
  }
}

const list = defineRoute({
  method: 'GET',
  path: '/api/sku/',
  access: ACCESS,
  schema: SkuListQuery,
  summary:
    'Every SKU (q: code, name or description contains; status: all, active, retired) by code, with how many accounts hold each.',
  async handler({ c, deps, input }) {
    const items = await listSkus(deps.db, input);
    const reply: SkuListReply = { status: true, items, total: items.length };
    return c.json(reply);
  },
});

const create = defineRoute({
  method: 'POST',
  path: '/api/sku/',
  access: ACCESS,
  schema: CreateSkuForm,
  summary:
    'Creates a SKU: a code unique whatever its case, name, description, product configuration, data plan and the account settings it sets.',
  async handler({ c, deps, input, now, session }) {
    const check = checked(c, deps.config.productKey, input);
    if ('refusal' in check) return check.refusal;
    const result = await createSku(deps.db, check.values, session.user.username, now);
    if (!result.ok) return refusedChange(c, result, input.code);
    const reply: SkuReply = { status: true, msg: `SKU '${result.sku.code}' created.`, sku: result.sku };
    return c.json(reply);
  },
});

const update = defineRoute({
  method: 'POST',
  path: '/api/sku/update/',
  access: ACCESS,
  schema: UpdateSkuForm,
  summary:
    'Changes a SKU from the version the edit began with (another change in between: 409 with the SKU now). Accounts holding it keep their settings.',
  async handler({ c, deps, input, now, session }) {
    const check = checked(c, deps.config.productKey, input);
    if ('refusal' in check) return check.refusal;
    const result = await updateSku(
      deps.db,
      { id: input.id, version: input.version, values: check.values },
      session.user.username,
      now,
    );
    if (!result.ok) return refusedChange(c, result, input.code);
    const reply: SkuReply = { status: true, msg: `SKU '${result.sku.code}' saved.`, sku: result.sku };
    return c.json(reply);
  },
});

const status = defineRoute({
  method: 'POST',
  path: '/api/sku/status/',
  access: ACCESS,
  schema: SkuStatusForm,
  summary: 'Retires (no longer assignable; holders keep it) or reactivates a SKU, from a version.',
  async handler({ c, deps, input, now, session }) {
    const result = await updateSku(
      deps.db,
      { id: input.id, version: input.version, status: input.status },
      session.user.username,
      now,
    );
    if (!result.ok) return refusedChange(c, result, '');
    const reply: SkuReply = {
      status: true,
      msg: `SKU '${result.sku.code}' ${input.status === 'retired' ? 'retired' : 'reactivated'}.`,
      sku: result.sku,
    };
    return c.json(reply);
  },
});

const holders = defineRoute({
  method: 'GET',
  path: '/api/sku/holders/',
  access: ACCESS,
  schema: SkuHoldersQuery,
  summary:
    'The accounts holding a SKU, a page at a time in account order (after: the last account id of the page before), and their total.',
  async handler({ c, deps, input }) {
    const page = await skuHolders(deps.db, { skuId: input.sku_id, after: input.after, limit: input.limit });
    const reply: SkuHoldersReply = { status: true, ...page };
    return c.json(reply);
  },
});

const ofAccount = defineRoute({
  method: 'GET',
  path: '/api/sku/account/',
  access: ACCESS,
  schema: AccountSkusQuery,
  summary: 'The SKUs one account holds, retired ones included.',
  async handler({ c, deps, input }) {
    const reply: AccountSkusReply = { status: true, items: await skusOfAccount(deps.db, input.account_id) };
    return c.json(reply);
  },
});

const missing = (c: Context, reason: 'missing_sku' | 'missing_account') =>
  reason === 'missing_sku'
    ? refuseFields(c, SKU_MESSAGES.missing, { sku_id: SKU_MESSAGES.missing })
    : refuseFields(c, SKU_MESSAGES.noAccount, { account_id: SKU_MESSAGES.noAccount });

const rulesText = (key: string, problems: Record<string, string>) =>
  Object.entries(problems)
    .map(([field, msg]) => `${settingLabel(key, field)}: ${msg}`)
    .join(' ');

const preview = defineRoute({
  method: 'POST',
  path: '/api/sku/assign/preview/',
  access: ACCESS,
  schema: AssignPreviewForm,
  summary:
    'What assigning a SKU changes on an account (each setting before and after) and the account rules the result breaks; writes nothing.',
  async handler({ c, deps, input }) {
    const result = await previewAssignment(deps.db, ctxOf(deps), input.sku_id, input.account_id);
    if (!result.ok) return missing(c, result.reason);
    const reply: AssignPreviewReply = { status: true, preview: result.preview };
    return c.json(reply);
  },
});

const assign = defineRoute({
  method: 'POST',
  path: '/api/sku/assign/',
  access: ACCESS,
  schema: AssignForm,
  summary:
    "Assigns a SKU to an account from the account's settings version: its settings, the holding and the audit row in one transaction (stale: 409 with a new preview).",
  async handler({ c, deps, input, now, session }) {
    const key = deps.config.productKey;
    const result = await assignSku(
      deps.db,
      ctxOf(deps),
      { skuId: input.sku_id, accountId: input.account_id, version: input.version },
      session.user.username,
      now,
    );
    if (result.ok) {
      const reply: AssignReply = {
        status: true,
        msg: `SKU '${result.preview.sku.code}' assigned to ${result.preview.account.name}.`,
        version: result.version,
        changes: result.changes,
      };
      return c.json(reply);
    }
    switch (result.reason) {
      case 'missing_sku':
      case 'missing_account':
        return missing(c, result.reason);
      case 'retired':
        return refuseFields(c, SKU_MESSAGES.retired(result.preview.sku.code), {
          sku_id: SKU_MESSAGES.retired(result.preview.sku.code),
        });
      case 'problems': {
        const msg = SKU_MESSAGES.refusedOnAccount(
          result.preview.sku.code,
          result.preview.account.name,
          rulesText(key, result.preview.problems),
        );
        return refuseFields(c, msg, { account_id: msg }, { problems: result.preview.problems });
      }
      case 'stale': {
        return stale<StaleAssignReply>(c, SKU_MESSAGES.staleAccount(result.preview.account.name), {
          preview: result.preview,
        });
      }
    }
  },
});

const unassign = defineRoute({
  method: 'POST',
  path: '/api/sku/unassign/',
  access: ACCESS,
  schema: UnassignForm,
  summary: 'Takes a SKU from an account; the settings it set stay as they are.',
  async handler({ c, deps, input, now, session }) {
    const result = await unassignSku(
      deps.db,
      { skuId: input.sku_id, accountId: input.account_id },
      session.user.username,
      now,
    );
    if (!result.ok) return missing(c, result.reason);
    const msg = result.held
      ? `SKU '${result.sku.code}' taken from ${result.account}; its settings stay as they are.`
      : `${result.account} does not hold SKU '${result.sku.code}'.`;
    return c.json({ status: true, msg });
  },
});

export const skuRoutes = [list, create, update, status, holders, ofAccount, preview, assign, unassign];
