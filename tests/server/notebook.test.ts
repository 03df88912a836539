// A user's notebook (decision 065): the setting read with its defaults and the user's notebook
// version against the deployment's (§9, on three deployments); the three saves of the one row from
// the version read, each audited, two saves at once answering one 200 and one 409 naming who saved
// with nothing lost; the checks at their fields (never a 500); the template library by source and
// who may read or give product specialist templates; tag groups and creating one; the transcript
// source; and the seeded library and settings. On SQLite and, with TEST_DATABASE_URL, PostgreSQL.
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BadRequestReply } from '../../src/domain/field-errors';
import {
  CreateTagGroupReply,
  DEFAULT_NOTIFICATION,
  LibraryTemplatesReply,
  NOTEBOOK_MESSAGES,
  NotebookSettingReply,
  SaveNotebookReply,
  StaleNotebookReply,
  TagGroupsReply,
  TranscriptSourceReply,
} from '../../src/domain/notebook';
import { SPECIALIST_SOURCE, TEMPLATE_MESSAGES } from '../../src/domain/templates';
import { seedIfEmpty } from '../../server/db/seed';
import { STAFF_USER_TYPE } from '../../server/db/schema';
import { createTestServer, type TestServer } from '../support/server';
import type { Browser } from './support/browser';
import { signIn } from './support/sign-in';
import { userRow } from '../support/factories';
import { SEEDING_MS } from './support/timeouts';

const T0 = 1_764_000_000_000;
const PRODUCT_SOURCE = 'product_templates';
let server: TestServer;
let viewer: Browser;
let editor: Browser;
let specialist: Browser;
let tagger: Browser;
let undeleter: Browser;
let toggler: Browser;
const tpl: Record<string, number> = {};
const tag: Record<string, number> = {};

let seq = 0;
/** A managed user; their id. */
async function managed(
  db = server.db,
  over: { flags?: Record<string, unknown>; deleted?: boolean } = {},
): Promise<number> {
  seq += 1;
  const row = await db
    .insertInto('users')
    .values(
      userRow({
        username: `reader${seq}`,
        email: `reader${seq}@example.com`,
        first_name: 'Reader',
        last_name: `Number${seq}`,
        deleted: over.deleted ? 1 : 0,
        flags: JSON.stringify(over.flags ?? {}),
        created_at: T0,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

async function addTag(name: string, isGroup: boolean, parent: number | null = null): Promise<number> {
  const row = await server.db
    .insertInto('tags')
    .values({
      name,
      color: '#3B82F6',
      description: `${name} description`,
      parent_id: parent,
      icon: null,
      is_group: isGroup ? 1 : 0,
      created_by: 'system',
      created_at: T0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

beforeAll(async () => {
  server = await createTestServer();
  const staff = async (username: string, features: string[]) =>
    signIn(
      server,
      await server.createStaff({ username, features: ['admin_panel_access', ...features], activated: true }),
    );
  viewer = await staff('viewer', ['user_mgmt']);
  editor = await staff('editor', ['user_mgmt', 'edit_user']);
  specialist = await staff('specialist', ['user_mgmt', 'edit_user', 'adv_settings']);
  tagger = await staff('tagger', ['user_mgmt', 'tags']);
  undeleter = await staff('undeleter', ['user_mgmt', 'deleted_user']);
  toggler = await staff('toggler', ['user_mgmt', 'tr_src_toggle']);
  const templates = [
    {
      key: 'earnings',
      source: PRODUCT_SOURCE,
      name: 'Earnings call notes',
      content_type: 'notebook',
      body: 'Quarter and headline numbers. '.repeat(20),
    },
    {
      key: 'meeting',
      source: PRODUCT_SOURCE,
      name: 'Company meeting',
      content_type: 'notebook',
      body: 'Attendees, what we learned.',
    },
    { key: 'wrap', source: PRODUCT_SOURCE, name: 'Daily market wrap', content_type: 'email', body: 'Markets today.' },
    {
      key: 'channel',
      source: SPECIALIST_SOURCE,
      name: 'Channel check',
      content_type: 'notebook',
      body: 'Sell-through and inventory.',
    },
    {
      key: 'expert',
      source: SPECIALIST_SOURCE,
      name: 'Expert call',
      content_type: 'notebook',
      body: 'Questions and answers.',
    },
    {
      key: 'foreign',
      source: 'other_templates',
      name: 'Another deployment',
      content_type: 'notebook',
      body: 'Not ours.',
    },
  ];
  for (const t of templates) {
    const { key, ...row } = t;
    tpl[key] = Number(
      (
        await server.db
          .insertInto('note_templates')
          .values({ ...row, created_at: T0 })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  }
  tag['coverage'] = await addTag('Coverage', true);
  tag['empty'] = await addTag('Empty group', true);
  tag['americas'] = await addTag('Americas desk', false, tag['coverage']);
  tag['emea'] = await addTag('EMEA desk', false, tag['coverage']);
  tag['vip'] = await addTag('VIP', false);
});
afterAll(async () => {
  await server.close();
});

async function call(b: Browser, method: 'GET' | 'POST', path: string, form?: Record<string, string>) {
  const res = await b.send(method, path, form ? { form } : {});
  return { status: res.status, body: (await res.json()) as unknown };
}
const getSetting = (userId: number, b: Browser = viewer) =>
  call(b, 'POST', '/user/get_notebook_notifiaction_setting/', { user_id: String(userId) });
async function setting(userId: number, b: Browser = viewer) {
  const res = await getSetting(userId, b);
  expect(res.status).toBe(200);
  return v.parse(NotebookSettingReply, res.body);
}
const saveNotification = (userId: number, version: number, frequency: string, types: string[], b: Browser = editor) =>
  call(b, 'POST', '/user/save_notebook_notification_setting/', {
    user_id: String(userId),
    version: String(version),
    frequency,
    content_types: JSON.stringify(types),
  });
const saveTemplates = (userId: number, version: number, ids: number[], b: Browser = editor) =>
  call(b, 'POST', '/user/save_note_templates/', {
    user_id: String(userId),
    version: String(version),
    template_ids: JSON.stringify(ids),
  });
const saveTags = (userId: number, version: number, ids: number[], b: Browser = editor) =>
  call(b, 'POST', '/user/save_notebook_tags/', {
    user_id: String(userId),
    version: String(version),
    tag_ids: JSON.stringify(ids),
  });
function saved(res: { status: number; body: unknown }) {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return v.parse(SaveNotebookReply, res.body).setting;
}
/** A 400 naming exactly these fields. */
function refusedAt(res: { status: number; body: unknown }, ...fields: string[]) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  const body = v.parse(BadRequestReply, res.body);
  expect(Object.keys(body.fields).sort()).toEqual([...fields].sort());
  return body;
}
const auditsOf = (userId: number) =>
  server.db
    .selectFrom('audit_log')
    .selectAll()
    .where('record_kind', '=', 'user')
    .where('record_id', '=', userId)
    .orderBy('id')
    .execute();

describe('reading the setting', () => {
  it('gives a user nobody changed the defaults at version 0, and their notebook version against this deployment (app: v2, no switcher)', async () => {
    const id = await managed();
    const reply = await setting(id);
    expect(reply.setting).toEqual({
      user_id: id,
      notification: DEFAULT_NOTIFICATION,
      template_ids: [],
      tag_ids: [],
      version: 0,
      updated_by: null,
      updated_at: null,
    });
    expect(reply.notebook).toEqual({
      version: 'v1',
      switcher: false,
      deployment: 'app',
      default_version: 'v2',
      default_switcher: false,
    });
    expect(await server.db.selectFrom('user_notebook').selectAll().where('user_id', '=', id).execute()).toEqual([]);
  });

  it("reads the user's own rms_version and switcher from their flags", async () => {
    const id = await managed(server.db, { flags: { rms_version: 'v2', rms_version_switcher: true } });
    expect((await setting(id)).notebook).toMatchObject({ version: 'v2', switcher: true });
  });

  it('follows §9 on a named customer deployment (v2 with the switcher) and elsewhere (v1)', async () => {
    for (const [serverType, version, switcher] of [
      ['enterprise', 'v2', true],
      ['regional', 'v1', false],
    ] as const) {
      const other = await createTestServer({
        config: { serverType, serverTypes: { [serverType]: 'http://localhost:8090' } },
      });
      try {
        const b = await signIn(
          other,
          await other.createStaff({
            username: 'viewer',
            features: ['admin_panel_access', 'user_mgmt'],
            activated: true,
          }),
        );
        const id = await managed(other.db);
        const res = await b.send('POST', '/user/get_notebook_notifiaction_setting/', { form: { user_id: String(id) } });
        expect(res.status).toBe(200);
        expect(v.parse(NotebookSettingReply, await res.json()).notebook).toEqual({
          version: 'v1',
          switcher: false,
          deployment: serverType,
          default_version: version,
          default_switcher: switcher,
        });
      } finally {
        await other.close();
      }
    }
  });

  it('answers 400 at user_id for a user who does not exist, and for a deleted one without the deleted-user permission', async () => {
    const gone = await managed(server.db, { deleted: true });
    for (const [id, b] of [
      [999_999, viewer],
      [gone, viewer],
      [gone, editor],
    ] as const) {
      const body = refusedAt(await getSetting(id, b), 'user_id');
      expect(body.fields['user_id']).toBe(NOTEBOOK_MESSAGES.noUser(id));
    }
    refusedAt(await saveNotification(gone, 0, 'daily', ['notebook']), 'user_id');
    refusedAt(await call(viewer, 'POST', '/user/fetch_transcript_src/', { user_id: String(gone) }), 'user_id');
    expect((await setting(gone, undeleter)).setting.version).toBe(0);
  });
});

describe('saving', () => {
  it('creates the row on the first save, keeps the other parts on later ones, and audits each with what changed', async () => {
    const id = await managed();
    const first = saved(await saveNotification(id, 0, 'weekly', ['notebook', 'plotter', 'notebook']));
    expect(first).toMatchObject({
      user_id: id,
      notification: { frequency: 'weekly', content_types: ['notebook', 'plotter'] },
      template_ids: [],
      tag_ids: [],
      version: 1,
      updated_by: 'editor',
    });
    const second = saved(await saveTemplates(id, 1, [tpl['wrap']!, tpl['earnings']!, tpl['wrap']!]));
    expect(second).toMatchObject({
      notification: { frequency: 'weekly', content_types: ['notebook', 'plotter'] },
      template_ids: [tpl['wrap'], tpl['earnings']],
      version: 2,
    });
    const third = saved(await saveTags(id, 2, [tag['vip']!, tag['americas']!]));
    expect(third).toMatchObject({
      template_ids: [tpl['wrap'], tpl['earnings']],
      tag_ids: [tag['americas'], tag['vip']].sort((a, b) => a! - b!),
      version: 3,
    });
    expect((await setting(id)).setting).toEqual(third);

    const audits = await auditsOf(id);
    expect(audits.map((a) => [a.category, a.author, a.action, a.success])).toEqual([
      ['user', 'editor', `notebook notification setting saved: user #${id}`, 1],
      ['user', 'editor', `note templates saved: user #${id}`, 1],
      ['user', 'editor', `notebook tags saved: user #${id}`, 1],
    ]);
    expect(JSON.parse(audits[0]!.previous_data!)).toEqual({
      user_id: id,
      version: 0,
      notification: DEFAULT_NOTIFICATION,
    });
    expect(JSON.parse(audits[0]!.current_data!)).toEqual({
      user_id: id,
      version: 1,
      notification: { frequency: 'weekly', content_types: ['notebook', 'plotter'] },
    });
    expect(JSON.parse(audits[1]!.previous_data!)).toEqual({ user_id: id, version: 1, template_ids: [] });
    expect(JSON.parse(audits[2]!.current_data!)).toEqual({ user_id: id, version: 3, tag_ids: third.tag_ids });
  });

  it('lets frequency Never go without content types', async () => {
    const id = await managed();
    expect(saved(await saveNotification(id, 0, 'off', [])).notification).toEqual({
      frequency: 'off',
      content_types: [],
    });
  });

  it('refuses a save from an old version with 409, the setting as stored now and who saved it; nothing written', async () => {
    const id = await managed();
    saved(await saveNotification(id, 0, 'instant', ['email'], specialist));
    const res = await saveTags(id, 0, [tag['vip']!]);
    expect(res.status).toBe(409);
    const body = v.parse(StaleNotebookReply, res.body);
    expect(body.msg).toBe(NOTEBOOK_MESSAGES.stale('specialist'));
    expect(body.setting).toMatchObject({
      version: 1,
      updated_by: 'specialist',
      tag_ids: [],
      notification: { frequency: 'instant' },
    });
    expect((await auditsOf(id)).length).toBe(1);
  });

  it('two saves from the same version at once: one 200, one 409 naming who saved, and nothing lost once the loser saves again', async () => {
    for (const start of [0, 1]) {
      const id = await managed();
      if (start === 1) saved(await saveNotification(id, 0, 'daily', ['notebook']));
      const [a, b] = await Promise.all([
        saveTemplates(id, start, [tpl['meeting']!], editor),
        saveTags(id, start, [tag['emea']!], specialist),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      const [won, lost, lostTo] = a.status === 200 ? [a, b, 'editor'] : [b, a, 'specialist'];
      const stale = v.parse(StaleNotebookReply, lost.body);
      expect(stale.msg).toBe(NOTEBOOK_MESSAGES.stale(lostTo));
      expect(stale.setting).toEqual(saved(won));
      const again =
        lost === b
          ? await saveTags(id, stale.setting.version, [tag['emea']!], specialist)
          : await saveTemplates(id, stale.setting.version, [tpl['meeting']!], editor);
      expect(saved(again)).toMatchObject({
        template_ids: [tpl['meeting']],
        tag_ids: [tag['emea']],
        version: start + 2,
      });
      expect((await auditsOf(id)).length).toBe(start + 2);
    }
  });
});

describe('bad input', () => {
  it('answers 400 naming each field, never a 500', async () => {
    const id = await managed();
    const u = String(id);
    const N = '/user/save_notebook_notification_setting/';
    const cases: [string, Record<string, string>, string[]][] = [
      [N, { user_id: u, frequency: 'daily', content_types: '["notebook"]' }, ['version']],
      [N, { user_id: 'abc', version: '0', frequency: 'daily', content_types: '["notebook"]' }, ['user_id']],
      [N, { user_id: u, version: '-1', frequency: 'daily', content_types: '["notebook"]' }, ['version']],
      [N, { user_id: u, version: '0', frequency: 'hourly', content_types: '["notebook"]' }, ['frequency']],
      [N, { user_id: u, version: '0', frequency: 'daily', content_types: 'notebook' }, ['content_types']],
      [N, { user_id: u, version: '0', frequency: 'daily', content_types: '["recipes"]' }, ['content_types.0']],
      [N, { user_id: u, version: '0', frequency: 'daily', content_types: '[]' }, ['content_types']],
      [N, {}, ['user_id', 'version', 'frequency', 'content_types']],
      ['/user/save_note_templates/', { user_id: u, version: '0', template_ids: '{"a":1}' }, ['template_ids']],
      [
        '/user/save_note_templates/',
        { user_id: u, version: '0', template_ids: JSON.stringify(Array.from({ length: 51 }, (_, i) => i + 1)) },
        ['template_ids'],
      ],
      ['/user/save_notebook_tags/', { user_id: u, version: '0', tag_ids: '[5, 0]' }, ['tag_ids.1']],
      ['/user/create_tag_group/', { name: '   ' }, ['name']],
      ['/user/create_tag_group/', { name: 'Colours', color: 'red' }, ['color']],
      ['/user/fetch_transcript_src/', { user_id: '' }, ['user_id']],
    ];
    for (const [path, form, fields] of cases) {
      const b = path === '/user/create_tag_group/' ? tagger : path === '/user/fetch_transcript_src/' ? viewer : editor;
      refusedAt(await call(b, 'POST', path, form), ...fields);
    }
    expect(refusedAt(await saveNotification(id, 0, 'weekly', []), 'content_types').fields['content_types']).toBe(
      NOTEBOOK_MESSAGES.contentTypesNeeded,
    );
    expect(await auditsOf(id)).toEqual([]);
  });

  it('refuses template ids outside the library (or of another deployment) and tags that are unknown or tag groups, at their field', async () => {
    const id = await managed();
    expect(
      refusedAt(await saveTemplates(id, 0, [tpl['meeting']!, 888_888]), 'template_ids').fields['template_ids'],
    ).toBe(NOTEBOOK_MESSAGES.unknownTemplates([888_888]));
    expect(refusedAt(await saveTemplates(id, 0, [tpl['foreign']!]), 'template_ids').fields['template_ids']).toBe(
      NOTEBOOK_MESSAGES.unknownTemplates([tpl['foreign']!]),
    );
    expect(refusedAt(await saveTags(id, 0, [tag['vip']!, 777_777]), 'tag_ids').fields['tag_ids']).toBe(
      NOTEBOOK_MESSAGES.unknownTags([777_777]),
    );
    expect(refusedAt(await saveTags(id, 0, [tag['vip']!, tag['coverage']!]), 'tag_ids').fields['tag_ids']).toBe(
      NOTEBOOK_MESSAGES.groupNotTag([tag['coverage']!]),
    );
    expect((await setting(id)).setting.version).toBe(0);
  });
});

describe('permissions', () => {
  it('user_mgmt reads but cannot save; the three saves need edit_user', async () => {
    const id = await managed();
    expect((await saveNotification(id, 0, 'daily', ['notebook'], viewer)).status).toBe(403);
    expect((await saveTemplates(id, 0, [tpl['meeting']!], viewer)).status).toBe(403);
    expect((await saveTags(id, 0, [tag['vip']!], tagger)).status).toBe(403);
    expect((await setting(id)).setting.version).toBe(0);
  });

  it('gives a product specialist template only with Advanced settings; one the user keeps does not need it', async () => {
    const id = await managed();
    const refused = refusedAt(await saveTemplates(id, 0, [tpl['meeting']!, tpl['channel']!], editor), 'template_ids');
    expect(refused.fields['template_ids']).toBe(NOTEBOOK_MESSAGES.sourceNotAllowed);
    const given = saved(await saveTemplates(id, 0, [tpl['meeting']!, tpl['channel']!], specialist));
    const kept = saved(await saveTemplates(id, given.version, [tpl['channel']!, tpl['wrap']!], editor));
    expect(kept.template_ids).toEqual([tpl['channel'], tpl['wrap']]);
    refusedAt(await saveTemplates(id, kept.version, [tpl['channel']!, tpl['expert']!], editor), 'template_ids');
  });

  it('create_tag_group needs the tags permission', async () => {
    expect((await call(editor, 'POST', '/user/create_tag_group/', { name: 'Not allowed' })).status).toBe(403);
    expect(await server.db.selectFrom('tags').select('id').where('name', '=', 'Not allowed').execute()).toEqual([]);
  });
});

describe('the template library', () => {
  it('offers the sources this session may read with their words, and the templates of the one asked or of all', async () => {
    const plain = v.parse(LibraryTemplatesReply, (await call(viewer, 'GET', '/user/fetch_library_templates/')).body);
    expect(plain.sources).toEqual([{ source: PRODUCT_SOURCE, label: 'Product templates' }]);
    expect(plain.templates.map((t) => t.name)).toEqual(['Company meeting', 'Daily market wrap', 'Earnings call notes']);
    const earnings = plain.templates.find((t) => t.id === tpl['earnings'])!;
    expect(earnings).toMatchObject({ source: PRODUCT_SOURCE, content_type: 'notebook' });
    expect(earnings.excerpt).toHaveLength(200);

    const all = v.parse(LibraryTemplatesReply, (await call(specialist, 'GET', '/user/fetch_library_templates/')).body);
    expect(all.sources).toEqual([
      { source: PRODUCT_SOURCE, label: 'Product templates' },
      { source: SPECIALIST_SOURCE, label: 'Product specialist templates' },
    ]);
    expect(all.templates.map((t) => t.id).sort((a, b) => a - b)).toEqual(
      [tpl['earnings'], tpl['meeting'], tpl['wrap'], tpl['channel'], tpl['expert']].sort((a, b) => a! - b!),
    );
    const specialistOnly = v.parse(
      LibraryTemplatesReply,
      (await call(specialist, 'GET', `/user/fetch_library_templates/?source=${SPECIALIST_SOURCE}`)).body,
    );
    expect(specialistOnly.templates.map((t) => t.name)).toEqual(['Channel check', 'Expert call']);
  });

  it('refuses a source not allowed or unknown at source', async () => {
    const notAllowed = refusedAt(
      await call(viewer, 'GET', `/user/fetch_library_templates/?source=${SPECIALIST_SOURCE}`),
      'source',
    );
    expect(notAllowed.fields['source']).toBe(TEMPLATE_MESSAGES.sourceNotAllowed);
    const unknown = refusedAt(
      await call(specialist, 'GET', '/user/fetch_library_templates/?source=other_templates'),
      'source',
    );
    expect(unknown.fields['source']).toBe(TEMPLATE_MESSAGES.sourceUnknown([PRODUCT_SOURCE, SPECIALIST_SOURCE]));
  });
});

describe('tag groups', () => {
  it('lists every group with its tags, and the tags in none', async () => {
    const reply = v.parse(TagGroupsReply, (await call(viewer, 'GET', '/user/fetch_tag_groups/')).body);
    const coverage = reply.groups.find((g) => g.group.id === tag['coverage'])!;
    expect(coverage.tags.map((t) => t.name)).toEqual(['Americas desk', 'EMEA desk']);
    expect(reply.groups.find((g) => g.group.id === tag['empty'])!.tags).toEqual([]);
    expect(reply.ungrouped.map((t) => t.id)).toContain(tag['vip']);
    expect(reply.ungrouped.every((t) => t.group === null)).toBe(true);
  });

  it('creates a group, audited, and refuses a name taken whatever its case at name', async () => {
    const res = await call(tagger, 'POST', '/user/create_tag_group/', {
      name: 'Research desks',
      desc: 'Who reads what',
      color: '#AA0000',
    });
    expect(res.status).toBe(200);
    const { group } = v.parse(CreateTagGroupReply, res.body);
    expect(group).toMatchObject({
      name: 'Research desks',
      description: 'Who reads what',
      color: '#AA0000',
      group: null,
    });
    expect(
      (await server.db.selectFrom('tags').select('is_group').where('id', '=', group.id).executeTakeFirstOrThrow())
        .is_group,
    ).toBe(1);
    const audit = await server.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', `tag group created: Research desks (#${group.id})`)
      .execute();
    expect(audit.map((a) => a.author)).toEqual(['tagger']);
    const again = refusedAt(await call(tagger, 'POST', '/user/create_tag_group/', { name: 'research DESKS' }), 'name');
    expect(again.fields['name']).toBe("A tag group named 'research DESKS' exists.");
    const groups = v.parse(TagGroupsReply, (await call(viewer, 'GET', '/user/fetch_tag_groups/')).body);
    expect(groups.groups.filter((g) => g.group.name.toLowerCase() === 'research desks')).toHaveLength(1);
  });
});

describe('transcript source', () => {
  it("reads tr_src and rr_pro from the user's flags (the defaults when unset), and may_change from Change transcript source", async () => {
    const plain = await managed();
    const set = await managed(server.db, { flags: { tr_src: 's&p', rr_pro: 'fds' } });
    const read = async (id: number, b: Browser) => {
      const res = await call(b, 'POST', '/user/fetch_transcript_src/', { user_id: String(id) });
      expect(res.status).toBe(200);
      return v.parse(TranscriptSourceReply, res.body);
    };
    expect(await read(plain, viewer)).toEqual({ status: true, tr_src: 'none', rr_pro: 'tri', may_change: false });
    expect(await read(set, toggler)).toEqual({ status: true, tr_src: 's&p', rr_pro: 'fds', may_change: true });
  });
});

describe('the seed', () => {
  it(
    'fills the library of both sources and sets the first managed user’s notebook: weekly, templates and tags, version 1 by admin',
    async () => {
      const fresh = await createTestServer();
      try {
        await seedIfEmpty(fresh.db, fresh.config, T0);
        const library = await fresh.db
          .selectFrom('note_templates')
          .select(['source', 'name', 'content_type'])
          .execute();
        expect(library.filter((t) => t.source === PRODUCT_SOURCE).length).toBeGreaterThanOrEqual(12);
        expect(library.filter((t) => t.source === SPECIALIST_SOURCE).map((t) => t.name)).toEqual(
          expect.arrayContaining(['Channel check', 'Sector weekly', 'Expert call']),
        );
        const first = await fresh.db
          .selectFrom('users')
          .select('id')
          .where('user_type', '!=', STAFF_USER_TYPE)
          .orderBy('id')
          .executeTakeFirstOrThrow();
        const row = await fresh.db
          .selectFrom('user_notebook')
          .selectAll()
          .where('user_id', '=', first.id)
          .executeTakeFirstOrThrow();
        expect(row).toMatchObject({ frequency: 'weekly', version: 1, updated_by: 'admin' });
        const templateIds = JSON.parse(row.template_ids) as number[];
        const tagIds = JSON.parse(row.tag_ids) as number[];
        expect(templateIds.length).toBeGreaterThan(0);
        expect(tagIds.length).toBeGreaterThan(0);
        const tags = await fresh.db.selectFrom('tags').select(['id', 'is_group']).where('id', 'in', tagIds).execute();
        expect(tags.map((t) => t.is_group)).toEqual(tagIds.map(() => 0));
        expect(await fresh.db.selectFrom('user_notebook').select('user_id').execute()).toHaveLength(4);
      } finally {
        await fresh.close();
      }
    },
    SEEDING_MS,
  );
});
