// The layer check itself can fail: given imports that go the wrong way or round in a circle, it
// names each one; the reader finds every kind of import in real files and nothing in comments or
// strings.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCycles, importSpecifiers, readImportGraph, type ImportEdge } from './import-graph';
import { checkLayers, formatViolations, LAYER_RULES, roleOf } from './layers';

const edge = (from: string, to: string | null, specifier = '(test)'): ImportEdge => ({ from, to, specifier });
const rule = (start: string) => LAYER_RULES.find((r) => r.name.startsWith(start))!.name;

describe('checkLayers on a made-up graph', () => {
  it('names a wrong-way import and a two-file cycle, one line each', () => {
    const lines = formatViolations(
      checkLayers({
        edges: [
          edge('src/domain/users.ts', 'src/services/http.ts'),
          edge('src/domain/a.ts', 'src/domain/b.ts'),
          edge('src/domain/b.ts', 'src/domain/a.ts'),
        ],
      }),
    ).split('\n');
    expect(lines).toEqual([
      `src/domain/users.ts → src/services/http.ts (${rule('the contract')})`,
      'src/domain/a.ts → src/domain/b.ts (no import cycles: src/domain/a.ts → src/domain/b.ts → src/domain/a.ts)',
    ]);
  });

  const broken = (from: string, to: string) => checkLayers({ edges: [edge(from, to)] }).map((v) => v.rule);
  const layer = (words: string) => rule(words);

  it('keys each file to its role', () => {
    expect(roleOf('src/domain/users.ts')).toBe('contract');
    expect(roleOf('src/services/http.ts')).toBe('service');
    expect(roleOf('src/workflows/plan.ts')).toBe('engine');
    expect(roleOf('src/sections/login/login.machine.ts')).toBe('machine');
    expect(roleOf('src/sections/login/login-view.tsx')).toBe('view');
    expect(roleOf('src/routes/login.tsx')).toBe('route');
    expect(roleOf('src/app.tsx')).toBe('route');
    expect(roleOf('src/styles/app.css')).toBe('style');
    expect(roleOf('server/app.ts')).toBe('server');
    // A section folder holds every layer of its flow: the role follows the file's name.
    expect(roleOf('src/sections/skus/skus.machine.ts')).toBe('machine');
    expect(roleOf('src/sections/skus/skus.service.ts')).toBe('service');
    expect(roleOf('src/sections/skus/skus-screen.tsx')).toBe('view');
    expect(roleOf('src/sections/skus/skus-context.ts')).toBe('view');
    expect(roleOf('src/sections/broker-research/requests/requests.live.ts')).toBe('machine');
  });

  it('fails each upward import: contract ← services ← machines ← views ← routes', () => {
    const contract = layer('the contract');
    const services = layer('services import');
    const machines = layer('machines import');
    const views = layer('views');
    expect(broken('src/domain/users.ts', 'src/services/http.ts')).toEqual([contract]);
    expect(broken('src/domain/users.ts', 'src/machines/live.ts')).toEqual([contract]);
    expect(broken('src/domain/users.ts', 'src/domain/auth.ts')).toEqual([]);

    expect(broken('src/sections/reports/reports.service.ts', 'src/sections/reports/reports.types.ts')).toEqual([
      services,
    ]);
    expect(broken('src/services/http.ts', 'src/ui/shell/shell.tsx')).toEqual([services]);
    expect(broken('src/services/http.ts', 'src/workflows/plan.ts')).toEqual([services]);
    expect(broken('src/sections/reports/reports.service.ts', 'src/domain/reports.ts')).toEqual([]);

    expect(
      broken('src/sections/user-list/user-list.machine.ts', 'src/sections/user-list/user-list-screen.tsx'),
    ).toEqual([machines]);
    expect(broken('src/machines/live.ts', 'src/routes/__root.tsx')).toEqual([machines]);
    expect(broken('src/sections/user-list/user-list.plan.ts', 'src/workflows/plan.ts')).toEqual([]);

    expect(broken('src/ui/shell/shell.tsx', 'src/routes/_authed.tsx')).toEqual([views]);
    expect(
      broken('src/sections/user-list/user-list-screen.tsx', 'src/sections/user-list/user-list.selectors.ts'),
    ).toEqual([]);
    expect(broken('src/ui/shell/shell.tsx', 'src/styles/app.css')).toEqual([]);

    expect(broken('src/routes/_authed.user_list.tsx', 'src/sections/user-list/user-list-screen.tsx')).toEqual([]);
    expect(broken('src/sections/skus/skus.machine.ts', 'src/sections/skus/skus-screen.tsx')).toEqual([machines]);
  });

  it('fails the workflow engine importing a machine (or anything above the contract)', () => {
    const engine = layer('the workflow engine');
    expect(broken('src/workflows/plan.ts', 'src/machines/registry.ts')).toEqual([engine]);
    expect(broken('src/workflows/layout.ts', 'src/services/http.ts')).toEqual([engine]);
    expect(broken('src/workflows/layout.ts', 'src/ui/workflows/dock-slot.tsx')).toEqual([engine]);
    expect(broken('src/workflows/layout.ts', 'src/workflows/model.ts')).toEqual([]);
  });

  it('lets machines reach services only from the live wiring', () => {
    const live = layer('machines reach services');
    expect(broken('src/sections/login/login.machine.ts', 'src/services/auth.service.ts')).toEqual([live]);
    expect(broken('src/sections/login/login.types.ts', 'src/services/auth.service.ts')).toEqual([live]);
    expect(broken('src/sections/user-list/user-list.live.ts', 'src/sections/user-list/user-list.service.ts')).toEqual(
      [],
    );
    expect(broken('src/machines/live.ts', 'src/services/auth.service.ts')).toEqual([]);
    expect(broken('src/sections/login/login-view.tsx', 'src/services/auth.service.ts')).toEqual([]);
  });

  it('fails shared code importing a flow, and a flow importing a flow that is not its declared child', () => {
    const shared = layer('shared code');
    const child = layer('a flow imports');
    expect(broken('src/machines/shared/file-read.ts', 'src/sections/segments-n-tags/bulk-tag-upload.types.ts')).toEqual(
      [shared],
    );
    expect(broken('src/ui/form/field-frame.tsx', 'src/sections/user-edit/user-edit.machine.ts')).toEqual([shared]);
    expect(broken('src/machines/shared/file-read.ts', 'src/machines/shared/failure.ts')).toEqual([]);
    expect(broken('src/ui/form/form-draft.tsx', 'src/machines/session/session.machine.ts')).toEqual([]);

    expect(
      broken('src/sections/groups-v2/groups-v2.machine.ts', 'src/sections/segments-n-tags/bulk-tag-upload.machine.ts'),
    ).toEqual([child]);
    expect(broken('src/sections/skus/skus.machine.ts', 'src/sections/roles/roles.types.ts')).toEqual([child]);
    expect(
      broken('src/sections/user-edit/user-edit.machine.ts', 'src/sections/user-edit/user-emails.machine.ts'),
    ).toEqual([]);
    expect(
      broken('src/sections/user-content/user-content.types.ts', 'src/sections/user-content/content-copy.types.ts'),
    ).toEqual([]);
    // The registry and the live wiring assemble the flows.
    expect(broken('src/machines/registry.ts', 'src/sections/user-list/user-list.plan.ts')).toEqual([]);
    expect(broken('src/machines/live.ts', 'src/sections/login/login.machine.ts')).toEqual([]);
  });

  it('keeps the panel and the server apart', () => {
    expect(broken('src/ui/shell/shell.tsx', 'server/app.ts')).toEqual([rule('nothing in src/')]);
    expect(broken('src/machines/live.ts', 'server/context.ts')).toEqual([rule('nothing in src/')]);
    expect(broken('src/domain/users.ts', 'server/db/schema.ts')).toEqual([rule('nothing in src/')]);

    expect(broken('server/app.ts', 'src/machines/live.ts')).toEqual([rule('server/')]);
    expect(broken('server/app.ts', 'src/ui/shell/shell.tsx')).toEqual([rule('server/')]);
    expect(broken('server/app.ts', 'src/domain/auth.ts')).toEqual([]);
  });

  it('names an import no file answers', () => {
    expect(formatViolations(checkLayers({ edges: [edge('server/app.ts', null, './gone')] }))).toBe(
      'server/app.ts → ./gone (relative imports must name a file)',
    );
  });

  it('finds longer cycles and self-imports, and none in a tree', () => {
    expect(findCycles([edge('a', 'b'), edge('b', 'c'), edge('c', 'a'), edge('c', 'd')])).toEqual([
      ['a', 'b', 'c', 'a'],
    ]);
    expect(findCycles([edge('a', 'a')])).toEqual([['a', 'a']]);
    expect(findCycles([edge('a', 'b'), edge('a', 'c'), edge('b', 'c')])).toEqual([]);
    // Two separate circles are two lines; the shortest loop through the group's first file is shown.
    expect(
      findCycles([edge('a', 'b'), edge('b', 'a'), edge('b', 'c'), edge('c', 'a'), edge('x', 'y'), edge('y', 'x')]),
    ).toEqual([
      ['a', 'b', 'a'],
      ['x', 'y', 'x'],
    ]);
  });
});

describe('the reader', () => {
  it('finds every kind of import, and none in comments or strings', () => {
    const code = [
      "import type { A } from './a';",
      "import b, { c } from '../b';",
      "import './side-effect';",
      "export * from './d';",
      "export { e } from './e';",
      "type F = import('./f').F;",
      "const g = () => import('./g');",
      "const worker = new Worker(new URL('./h.worker.ts', import.meta.url));",
      "// import x from './in-a-comment';",
      "/* export * from './in-a-block-comment'; */",
      'const s = "import y from \'./in-a-string\'";',
      'const t = `export * from "./in-a-template"`;',
      "const el = <p>Don't import from './in-jsx-text'</p>;",
      "import * as v from 'valibot';",
    ].join('\n');
    const { specifiers, errors } = importSpecifiers('probe.tsx', code);
    expect(errors).toEqual([]);
    expect(specifiers).toEqual([
      './a',
      '../b',
      './side-effect',
      './d',
      './e',
      './f',
      './g',
      './h.worker.ts',
      'valibot',
    ]);
  });
});

describe('the check over files on disk', () => {
  let root: string;
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };

  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'layers-'));
    write('src/domain/rules.ts', "import { fromUi } from '../ui/view';\nexport const rules = 1;\n");
    write('src/ui/view.tsx', "import { rules } from '../domain/rules';\nexport const fromUi = rules;\n");
    write('src/ui/index.ts', "export * from './view';\n");
    write(
      'src/machines/m/m.machine.ts',
      "import type { Reply } from '../../services/s.service';\nimport { ui } from '../../ui';\n",
    );
    write('src/services/s.service.ts', 'export type Reply = string;\n');
    write('server/api.ts', "import { x } from '../src/machines/m/m.machine';\nimport { missing } from './nowhere';\n");
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('resolves files, folders (index) and extensions, and reports what breaks the rules', () => {
    const graph = readImportGraph(root, ['src', 'server']);
    expect(graph.edges).toContainEqual(edge('src/machines/m/m.machine.ts', 'src/ui/index.ts', '../../ui'));
    expect(formatViolations(checkLayers(graph)).split('\n')).toEqual([
      `src/domain/rules.ts → src/ui/view.tsx (${rule('the contract')})`,
      `src/machines/m/m.machine.ts → src/services/s.service.ts (${rule('machines reach')})`,
      `src/machines/m/m.machine.ts → src/ui/index.ts (${rule('machines import')})`,
      `server/api.ts → src/machines/m/m.machine.ts (${rule('server/')})`,
      'server/api.ts → ./nowhere (relative imports must name a file)',
      'src/domain/rules.ts → src/ui/view.tsx (no import cycles: src/domain/rules.ts → src/ui/view.tsx → src/domain/rules.ts)',
    ]);
  });
});
