// A user's notebook (spec §7; decision 065): the notification setting with the user's notebook
// version against this deployment's default, the three saves of the one notebook row (each from
// the version read; a race's loser told who saved, 409), the note template library by source,
// tag groups and creating one, and the user's transcript source and research provider.
import type { Context } from 'hono';
import {
  CreateTagGroupForm,
  LibraryTemplatesQuery,
  NOTEBOOK_MESSAGES,
  NotebookUserForm,
  SaveNotebookTagsForm,
  SaveNoteTemplatesForm,
  SaveNotificationForm,
  TagGroupsQuery,
  type CreateTagGroupReply,
  type LibraryTemplatesReply,
  type NotebookSettingReply,
  type SaveNotebookReply,
  type StaleNotebookReply,
  type TagGroupsReply,
  type TranscriptSourceReply,
} from '../../src/domain/notebook';
import { productNames } from '../../src/domain/product';
import { sourceLabel, sourcesFor, TEMPLATE_MESSAGES, templateSources } from '../../src/domain/templates';
import type { AppDeps, CurrentSession, HonoEnv } from '../context';
import { refuseFields, stale } from '../http/replies';
import { checkNotification, checkTags, checkTemplates, distinct, type Refusal } from '../notebook/checks';
import { libraryTemplates } from '../notebook/library';
import { notebookVersionOf, readSetting, transcriptSourceOf } from '../notebook/records';
import { saveNotebook, type SaveInput } from '../notebook/save';
import { tagGroups } from '../notebook/tag-groups';
import { defineRoute, type Route } from '../routes';
import { visibleUser, type VisibleUser } from '../users/records';
import { createTag } from '../users/tags';

const refuse = (c: Context<HonoEnv>, r: Refusal) => refuseFields(c, r.msg, { [r.field]: r.msg });
const noUser = (c: Context<HonoEnv>, id: number) => refuse(c, { field: 'user_id', msg: NOTEBOOK_MESSAGES.noUser(id) });

/** The user when this session may see them; otherwise the 400 to answer. */
async function visibleOrRefused(
  c: Context<HonoEnv>,
  deps: AppDeps,
  session: CurrentSession,
  id: number,
): Promise<VisibleUser | Response> {
  return (await visibleUser(deps.db, id, session.grants.features)) ?? noUser(c, id);
}

const getSetting = defineRoute({
  method: 'POST',
  path: '/user/get_notebook_notifiaction_setting/',
  access: 'user_mgmt',
  schema: NotebookUserForm,
  summary:
    "One user's notebook setting (notification, templates, tags; the defaults at version 0 until first saved) and their notebook version against this deployment's default (user_id).",
  async handler({ c, deps, input, session }) {
    const user = await visibleOrRefused(c, deps, session, input.user_id);
    if (user instanceof Response) return user;
    const reply: NotebookSettingReply = {
      status: true,
      setting: await readSetting(deps.db, user.id),
      notebook: notebookVersionOf(user, deps.config.productKey, deps.config.serverType),
    };
    return c.json(reply);
  },
});

/** Runs one save; answers the setting saved, 409 with the setting now and who saved it, or 400 at the field. */
async function save(
  c: Context<HonoEnv>,
  deps: AppDeps,
  session: CurrentSession,
  input: Omit<SaveInput, 'author'>,
): Promise<Response> {
  const user = await visibleOrRefused(c, deps, session, input.userId);
  if (user instanceof Response) return user;
  const result = await saveNotebook(deps.db, { ...input, author: session.user.username });
  if (result.ok) {
    const reply: SaveNotebookReply = { status: true, msg: NOTEBOOK_MESSAGES.saved, setting: result.setting };
    return c.json(reply);
  }
  if (result.reason === 'refused') return refuse(c, result.refusal);
  const now = await readSetting(deps.db, input.userId);
  return stale<StaleNotebookReply>(c, NOTEBOOK_MESSAGES.stale(now.updated_by), { setting: now });
}

const saveNotification = defineRoute({
  method: 'POST',
  path: '/user/save_notebook_notification_setting/',
  access: 'edit_user',
  schema: SaveNotificationForm,
  summary:
    'Saves how often the platform emails a user about notebook content and which kinds (user_id, version, frequency, content_types JSON); stale: 409 with the setting now.',
  async handler({ c, deps, input, now, session }) {
    const notification = { frequency: input.frequency, content_types: [...new Set(input.content_types)] };
    const refusal = checkNotification(notification);
    if (refusal) return refuse(c, refusal);
    return save(c, deps, session, {
      userId: input.user_id,
      version: input.version,
      now,
      change: { part: 'notification', notification },
    });
  },
});

const saveTemplates = defineRoute({
  method: 'POST',
  path: '/user/save_note_templates/',
  access: 'edit_user',
  schema: SaveNoteTemplatesForm,
  summary:
    "Saves a user's note templates from the library (user_id, version, template_ids JSON); a product specialist template they did not have needs Advanced settings; stale: 409.",
  async handler({ c, deps, input, now, session }) {
    const ids = distinct(input.template_ids);
    return save(c, deps, session, {
      userId: input.user_id,
      version: input.version,
      now,
      change: { part: 'templates', template_ids: ids },
      check: (trx, stored) =>
        checkTemplates(trx, ids, stored.template_ids, deps.config.productKey, session.grants.features),
    });
  },
});

const saveTags = defineRoute({
  method: 'POST',
  path: '/user/save_notebook_tags/',
  access: 'edit_user',
  schema: SaveNotebookTagsForm,
  summary:
    "Saves the tags a user's notebook offers (user_id, version, tag_ids JSON: tags, not tag groups); stale: 409.",
  async handler({ c, deps, input, now, session }) {
    const ids = distinct(input.tag_ids).sort((a, b) => a - b);
    return save(c, deps, session, {
      userId: input.user_id,
      version: input.version,
      now,
      change: { part: 'tags', tag_ids: ids },
      check: (trx) => checkTags(trx, ids),
    });
  },
});

const fetchLibrary = defineRoute({
  method: 'GET',
  path: '/user/fetch_library_templates/',
  access: 'user_mgmt',
  schema: LibraryTemplatesQuery,
  summary:
    'The note template sources this session may read with their words, and the templates of source (every allowed source when empty).',
  async handler({ c, deps, input, session }) {
    const product = deps.config.productKey;
    const allowed = sourcesFor(product, session.grants.features);
    if (input.source !== '' && !allowed.includes(input.source)) {
      const known = templateSources(product).includes(input.source);
      return refuse(c, {
        field: 'source',
        msg: known ? TEMPLATE_MESSAGES.sourceNotAllowed : TEMPLATE_MESSAGES.sourceUnknown(allowed),
      });
    }
    const name = productNames(product).name;
    const reply: LibraryTemplatesReply = {
      status: true,
      sources: allowed.map((source) => ({ source, label: sourceLabel(source, name) })),
      templates: await libraryTemplates(deps.db, input.source === '' ? allowed : [input.source]),
    };
    return c.json(reply);
  },
});

const fetchTagGroups = defineRoute({
  method: 'GET',
  path: '/user/fetch_tag_groups/',
  access: 'user_mgmt',
  schema: TagGroupsQuery,
  summary: 'Every tag group with the tags inside it, and the tags in no group.',
  async handler({ c, deps }) {
    const reply: TagGroupsReply = { status: true, ...(await tagGroups(deps.db)) };
    return c.json(reply);
  },
});

const createTagGroup = defineRoute({
  method: 'POST',
  path: '/user/create_tag_group/',
  access: 'tags',
  schema: CreateTagGroupForm,
  summary: 'Creates a tag group (name, desc, color) as update_user_tags/ does; names are unique whatever their case.',
  async handler({ c, deps, input, now, session }) {
    const result = await createTag(
      deps.db,
      { kind: 'group', name: input.name, description: input.desc, color: input.color, parentId: null },
      session.user.username,
      now,
    );
    if (!result.ok) return refuse(c, { field: 'name', msg: result.msg });
    const reply: CreateTagGroupReply = {
      status: true,
      msg: `Tag group '${result.tag.name}' created.`,
      group: result.tag,
    };
    return c.json(reply);
  },
});

const fetchTranscriptSource = defineRoute({
  method: 'POST',
  path: '/user/fetch_transcript_src/',
  access: 'user_mgmt',
  schema: NotebookUserForm,
  summary:
    "A user's transcript source and research provider, and whether this session may change them (Change transcript source).",
  async handler({ c, deps, input, session }) {
    const user = await visibleOrRefused(c, deps, session, input.user_id);
    if (user instanceof Response) return user;
    const features: readonly string[] = session.grants.features;
    const reply: TranscriptSourceReply = {
      status: true,
      ...transcriptSourceOf(user, deps.config.productKey),
      may_change: features.includes('tr_src_toggle'),
    };
    return c.json(reply);
  },
});

export const notebookRoutes: readonly Route[] = [
  getSetting,
  saveNotification,
  saveTemplates,
  saveTags,
  fetchLibrary,
  fetchTagGroups,
  createTagGroup,
  fetchTranscriptSource,
];
