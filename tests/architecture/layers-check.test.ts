// The layer check itself can fail: given imports that go the wrong way or round in a circle, it
// names each one; the reader finds every kind of import in real files and nothing in comments or
// strings.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCycles, importSpecifiers, readImportGraph, type ImportEdge } from './import-graph';
import { checkLayers, formatViolations, LAYER_RULES } from './layers';

const edge = (from: string, to: string | null, specifier = '(test)'): ImportEdge => ({ from, to, specifier });
const rule = (start: string) => LAYER_RULES.find((r) => r.name.startsWith(start))!.name;

describe('checkLayers on a made-up graph', () => {
  it('names a wrong-way import and a two-file cycle, one line each', () => {
    const lines = formatViolations(checkLayers({
      edges: [
        edge('src/domain/users.ts', 'src/services/http.ts'),
        edge('src/domain/a.ts', 'src/domain/b.ts'),
        edge('src/domain/b.ts', 'src/domain/a.ts'),
      ],
    })).split('\n');
    expect(lines).toEqual([
      `src/domain/users.ts → src/services/http.ts (${rule('src/domain')})`,
      'src/domain/a.ts → src/domain/b.ts (no import cycles: src/domain/a.ts → src/domain/b.ts → src/domain/a.ts)',
    ]);
  });

  it('holds each rule', () => {
    const broken = (from: string, to: string) => checkLayers({ edges: [edge(from, to)] }).map((v) => v.rule);
    expect(broken('src/domain/users.ts', 'src/machines/live.ts')).toEqual([rule('src/domain')]);
    expect(broken('src/domain/users.ts', 'src/domain/auth.ts')).toEqual([]);

    expect(broken('src/machines/login/login.machine.ts', 'src/services/auth.service.ts')).toEqual([rule('src/machines')]);
    expect(broken('src/machines/login/login.types.ts', 'src/services/auth.service.ts')).toEqual([rule('src/machines')]);
    expect(broken('src/machines/user-list/user-list.live.ts', 'src/services/user-list.service.ts')).toEqual([]);
    expect(broken('src/machines/live.ts', 'src/services/auth.service.ts')).toEqual([]);
    expect(broken('src/ui/login/login-view.tsx', 'src/services/auth.service.ts')).toEqual([]);

    expect(broken('src/ui/shell/shell.tsx', 'server/app.ts')).toEqual([rule('nothing in src/')]);
    expect(broken('src/machines/live.ts', 'server/context.ts')).toEqual([rule('nothing in src/')]);
    expect(broken('src/domain/users.ts', 'server/db/schema.ts')).toEqual([rule('src/domain'), rule('nothing in src/')]);

    expect(broken('server/app.ts', 'src/machines/live.ts')).toEqual([rule('server/')]);
    expect(broken('server/app.ts', 'src/ui/shell/shell.tsx')).toEqual([rule('server/')]);
    expect(broken('server/app.ts', 'src/domain/auth.ts')).toEqual([]);
  });

  it('names an import no file answers', () => {
    expect(formatViolations(checkLayers({ edges: [edge('server/app.ts', null, './gone')] })))
      .toBe('server/app.ts → ./gone (relative imports must name a file)');
  });

  it('finds longer cycles and self-imports, and none in a tree', () => {
    expect(findCycles([edge('a', 'b'), edge('b', 'c'), edge('c', 'a'), edge('c', 'd')])).toEqual([['a', 'b', 'c', 'a']]);
    expect(findCycles([edge('a', 'a')])).toEqual([['a', 'a']]);
    expect(findCycles([edge('a', 'b'), edge('a', 'c'), edge('b', 'c')])).toEqual([]);
    // Two separate circles are two lines; the shortest loop through the group's first file is shown.
    expect(findCycles([edge('a', 'b'), edge('b', 'a'), edge('b', 'c'), edge('c', 'a'), edge('x', 'y'), edge('y', 'x')]))
      .toEqual([['a', 'b', 'a'], ['x', 'y', 'x']]);
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
      "const s = \"import y from './in-a-string'\";",
      'const t = `export * from "./in-a-template"`;',
      "const el = <p>Don't import from './in-jsx-text'</p>;",
      "import * as v from 'valibot';",
    ].join('\n');
    const { specifiers, errors } = importSpecifiers('probe.tsx', code);
    expect(errors).toEqual([]);
    expect(specifiers).toEqual(['./a', '../b', './side-effect', './d', './e', './f', './g', './h.worker.ts', 'valibot']);
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
    write('src/machines/m/m.machine.ts', "import type { Reply } from '../../services/s.service';\nimport { ui } from '../../ui';\n");
    write('src/services/s.service.ts', 'export type Reply = string;\n');
    write('server/api.ts', "import { x } from '../src/machines/m/m.machine';\nimport { missing } from './nowhere';\n");
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('resolves files, folders (index) and extensions, and reports what breaks the rules', () => {
    const graph = readImportGraph(root, ['src', 'server']);
    expect(graph.edges).toContainEqual(edge('src/machines/m/m.machine.ts', 'src/ui/index.ts', '../../ui'));
    expect(formatViolations(checkLayers(graph)).split('\n')).toEqual([
      `src/domain/rules.ts → src/ui/view.tsx (${rule('src/domain')})`,
      `src/machines/m/m.machine.ts → src/services/s.service.ts (${rule('src/machines')})`,
      `server/api.ts → src/machines/m/m.machine.ts (${rule('server/')})`,
      'server/api.ts → ./nowhere (relative imports must name a file)',
      'src/domain/rules.ts → src/ui/view.tsx (no import cycles: src/domain/rules.ts → src/ui/view.tsx → src/domain/rules.ts)',
    ]);
  });
});
