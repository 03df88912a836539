// Template Settings (/template_settings, decision 052): spec §7 "Accounts and templates" — GET,
// POST, PUT ?template_id= and DELETE {id}/ of api/ts/ — and the apply: a dry run
// (apply_preview/) and the apply itself (apply/). Every route needs template_settings_tab; a
// product specialist template is seen, made, changed, deleted and applied only by those holding
// SPECIALIST_FEATURE (to everyone else it does not exist).
import type { Context } from 'hono';
import * as v from 'valibot';
import {
  ApplyBody,
  ApplyPreviewBody,
  CreateTemplateBody,
  DeleteTemplateQuery,
  TEMPLATE_MESSAGES,
  TemplateIdQuery,
  TemplateListQuery,
  UpdateTemplateBody,
  sourcesFor,
  type ApplyConflictReply,
  type ApplyPreviewReply,
  type ApplyReply,
  type DeleteTemplateReply,
  type StaleTemplateReply,
  type TemplateListReply,
  type TemplateReply,
} from '../../src/domain/templates';
import type { AccountContext } from '../accounts/settings-store';
import type { AppDeps, CurrentSession } from '../context';
import { badInput, badRequest, refuseFields, stale } from '../http/replies';
import { defineRoute } from '../routes';
import { applyTemplate, previewApply } from '../templates/apply';
import {
  checkTemplateBody,
  createTemplate,
  deleteTemplate,
  followerCounts,
  listTemplates,
  templateRow,
  toTemplate,
  updateTemplate,
  visibleTo,
  type ChangeResult,
  type TemplateRow,
} from '../templates/store';

const ctxOf = (deps: AppDeps): AccountContext => ({
  productKey: deps.config.productKey,
  serverType: deps.config.serverType,
});
const sourcesOf = (deps: AppDeps, session: CurrentSession) =>
  sourcesFor(deps.config.productKey, session.grants.features);
const missing = (c: Context) => c.json({ status: false, msg: TEMPLATE_MESSAGES.missing }, 404);

async function withCount(deps: AppDeps, row: TemplateRow) {
  const counts = await followerCounts(deps.db, [Number(row.id)]);
  return toTemplate(ctxOf(deps), row, counts.get(Number(row.id)) ?? 0);
}

async function refused(c: Context, deps: AppDeps, result: Exclude<ChangeResult, { ok: true }>): Promise<Response> {
  switch (result.reason) {
    case 'name':
      return refuseFields(c, TEMPLATE_MESSAGES.nameTaken(result.taken), {
        template_name: TEMPLATE_MESSAGES.nameTaken(result.taken),
      });
    case 'missing':
      return missing(c);
    case 'stale': {
      const current = result.current ? await withCount(deps, result.current) : null;
      const msg = current
        ? `Someone else saved this template since you opened it; it is now named '${current.template_name}'.`
        : 'Someone else deleted this template since you opened it.';
      return stale<StaleTemplateReply>(c, msg, { current });
    }
  }
}

const list = defineRoute({
  method: 'GET',
  path: '/api/ts/',
  access: 'template_settings_tab',
  schema: TemplateListQuery,
  summary:
    'Templates by name (query: names or descriptions holding the text; template_name: one name; template_id: one template); stats: how many accounts follow each.',
  async handler({ c, deps, input, session }) {
    const sources = sourcesOf(deps, session);
    const { templates, withoutTemplate } = await listTemplates(deps.db, ctxOf(deps), {
      query: input.query,
      name: input.template_name,
      id: input.template_id === '' ? null : input.template_id,
      stats: input.stats === true,
      sources,
    });
    const reply: TemplateListReply = {
      status: true,
      msg: '',
      result: templates,
      sources,
      accounts_without_template: withoutTemplate,
    };
    return c.json(reply);
  },
});

const create = defineRoute({
  method: 'POST',
  path: '/api/ts/',
  access: 'template_settings_tab',
  schema: CreateTemplateBody,
  summary:
    'Creates a template: its name whitespace-collapsed and unique whatever its case, its settings checked by the account settings rules.',
  async handler({ c, deps, input, now, session }) {
    const checked = await checkTemplateBody(deps.db, ctxOf(deps), input, sourcesOf(deps, session));
    if (!checked.ok) return refuseFields(c, 'Some settings of the template are not valid.', checked.fields);
    const result = await createTemplate(deps.db, input, checked.values, session.user, now);
    if (!result.ok) return refused(c, deps, result);
    const reply: TemplateReply = {
      status: true,
      msg: `Template '${result.row.name}' created.`,
      template: await withCount(deps, result.row),
    };
    return c.json(reply);
  },
});

const update = defineRoute({
  method: 'PUT',
  path: '/api/ts/',
  access: 'template_settings_tab',
  schema: UpdateTemplateBody,
  summary:
    'Changes the template named by ?template_id= from the version the edit began with (another save in between: 409 with the template now).',
  async handler({ c, deps, input, now, session }) {
    const query = v.safeParse(TemplateIdQuery, c.req.query());
    if (!query.success) return badInput(c, query.issues);
    const id = query.output.template_id;
    const sources = sourcesOf(deps, session);
    const existing = await templateRow(deps.db, id);
    if (!existing || !visibleTo(existing, sources)) return missing(c);
    const checked = await checkTemplateBody(deps.db, ctxOf(deps), input, sources);
    if (!checked.ok) return refuseFields(c, 'Some settings of the template are not valid.', checked.fields);
    const result = await updateTemplate(deps.db, id, input.version, input, checked.values, session.user, now);
    if (!result.ok) return refused(c, deps, result);
    const reply: TemplateReply = {
      status: true,
      msg: `Template '${result.row.name}' saved.`,
      template: await withCount(deps, result.row),
    };
    return c.json(reply);
  },
});

const remove = defineRoute({
  method: 'DELETE',
  path: '/api/ts/:id/',
  access: 'template_settings_tab',
  summary:
    'Deletes a template from ?version=; the accounts that followed it keep their settings and follow no template.',
  async handler({ c, deps, now, session }) {
    const id = v.safeParse(TemplateIdQuery, { template_id: c.req.param('id') });
    if (!id.success) return badRequest(c, 'Expected a template id.', { id: ['Expected a template id.'] });
    const version = v.safeParse(DeleteTemplateQuery, c.req.query());
    if (!version.success) return badInput(c, version.issues);
    const existing = await templateRow(deps.db, id.output.template_id);
    if (!existing || !visibleTo(existing, sourcesOf(deps, session))) return missing(c);
    const result = await deleteTemplate(deps.db, id.output.template_id, version.output.version, session.user, now);
    if (!result.ok) return refused(c, deps, result);
    const n = result.unlinked ?? 0;
    const reply: DeleteTemplateReply = {
      status: true,
      unlinked: n,
      msg: `Template '${result.row.name}' deleted.${n ? ` ${n === 1 ? '1 account keeps its settings and follows' : `${n} accounts keep their settings and follow`} no template now.` : ''}`,
    };
    return c.json(reply);
  },
});

const preview = defineRoute({
  method: 'POST',
  path: '/api/ts/apply_preview/',
  access: 'template_settings_tab',
  schema: ApplyPreviewBody,
  summary:
    'A dry run of applying a template: per account, what would change and which of its group names the account has. Writes nothing.',
  async handler({ c, deps, input, session }) {
    const row = await templateRow(deps.db, input.template_id);
    if (!row || !visibleTo(row, sourcesOf(deps, session)))
      return refuseFields(c, TEMPLATE_MESSAGES.missing, { template_id: TEMPLATE_MESSAGES.missing });
    const { accounts, missing: gone } = await previewApply(deps.db, ctxOf(deps), row, input.account_ids);
    const reply: ApplyPreviewReply = { status: true, template: await withCount(deps, row), accounts, missing: gone };
    return c.json(reply);
  },
});

const apply = defineRoute({
  method: 'POST',
  path: '/api/ts/apply/',
  bulk: 'template_apply',
  access: 'template_settings_tab',
  schema: ApplyBody,
  summary:
    'Applies a template to accounts from the versions the dry run showed, in one transaction; any of them changed since: 409 naming them, nothing written.',
  async handler({ c, deps, input, now, session }) {
    const result = await applyTemplate(deps.db, ctxOf(deps), {
      templateId: input.template_id,
      templateVersion: input.template_version,
      accounts: input.accounts,
      sources: sourcesOf(deps, session),
      author: session.user.username,
      now,
    });
    if (!result.ok) {
      switch (result.reason) {
        case 'missing':
          return refuseFields(c, TEMPLATE_MESSAGES.missing, { template_id: TEMPLATE_MESSAGES.missing });
        case 'rules':
          return refuseFields(c, 'The template breaks the account settings rules; correct it first.', result.fields);
        case 'template': {
          const template = await withCount(deps, result.current);
          const reply: ApplyConflictReply = {
            status: false,
            conflict: 'template',
            accounts: [],
            template,
            msg: `Someone else saved template '${template.template_name}' since you looked at the changes; look at them again.`,
          };
          return c.json(reply, 409);
        }
        case 'accounts': {
          const names = result.accounts.map((a) => a.account_name ?? `#${a.account_id}`);
          const reply: ApplyConflictReply = {
            status: false,
            conflict: 'accounts',
            accounts: result.accounts,
            template: null,
            msg: `Nothing was applied: ${names.length === 1 ? `account ${names[0]} was` : `${names.length} accounts were`} changed since you looked at the changes (${names.slice(0, 10).join(', ')}${names.length > 10 ? ', …' : ''}); look at them again.`,
          };
          return c.json(reply, 409);
        }
      }
    }
    const reply: ApplyReply = {
      status: true,
      applied: result.applied,
      changed: result.changed,
      template: await withCount(deps, result.template),
      msg: `Template '${result.template.name}' applied to ${result.applied === 1 ? '1 account' : `${result.applied.toLocaleString('en-US')} accounts`}.`,
    };
    return c.json(reply);
  },
});

export const templateRoutes = [list, create, update, remove, preview, apply];
