// The import graph of our own sources, for the layer check: every module a file names (static
// import and export … from, import type, dynamic import(), type-position import('…') and
// new URL('…', import.meta.url) workers), parsed by the TypeScript-aware parser Vite ships, with
// relative paths resolved to files as the bundler resolves them. Packages are left out.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseSync } from 'vite';

/** One import: `from` names `specifier`, which resolves to `to` (null when no file answers). */
export interface ImportEdge {
  readonly from: string;
  readonly to: string | null;
  readonly specifier: string;
}

/** Paths are relative to the project root, with forward slashes. */
export interface ImportGraph {
  readonly files: readonly string[];
  readonly edges: readonly ImportEdge[];
  /** Files the parser could not read, with its first complaint. */
  readonly parseErrors: readonly { file: string; message: string }[];
}

const SOURCE = /\.(ts|tsx|mts|cts)$/;
const EXTENSIONS = ['.ts', '.tsx', '.d.ts', '.mts', '.cts', '.js', '.jsx', '.json'];

export function sourceFilesUnder(root: string, dir: string): string[] {
  const out: string[] = [];
  const walk = (abs: string) => {
    for (const name of readdirSync(abs)) {
      if (name === 'node_modules' || name.startsWith('.')) continue;
      const full = path.join(abs, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (SOURCE.test(name)) out.push(toPosix(path.relative(root, full)));
    }
  };
  if (existsSync(path.join(root, dir))) walk(path.join(root, dir));
  return out.sort();
}

/** Every module specifier `code` names, in source order, duplicates removed. */
export function importSpecifiers(file: string, code: string): { specifiers: string[]; errors: string[] } {
  const result = parseSync(file, code);
  const found = new Set<string>();
  const stringOf = (node: unknown): string | null => {
    const n = node as {
      type?: string;
      value?: unknown;
      expressions?: unknown[];
      quasis?: { value: { cooked: string } }[];
    } | null;
    if (n?.type === 'Literal' && typeof n.value === 'string') return n.value;
    if (n?.type === 'TemplateLiteral' && n.expressions?.length === 0) return n.quasis?.[0]?.value.cooked ?? null;
    return null;
  };
  const isImportMetaUrl = (node: any): boolean =>
    node?.type === 'MemberExpression' &&
    node.object?.type === 'MetaProperty' &&
    node.object.meta?.name === 'import' &&
    node.property?.name === 'url';
  const visit = (node: any): void => {
    if (node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    switch (node.type) {
      case 'ImportDeclaration':
      case 'ExportNamedDeclaration':
      case 'ExportAllDeclaration':
      case 'ImportExpression':
      case 'TSImportType': {
        const spec = stringOf(node.source);
        if (spec !== null) found.add(spec);
        break;
      }
      case 'NewExpression':
        if (node.callee?.type === 'Identifier' && node.callee.name === 'URL' && isImportMetaUrl(node.arguments?.[1])) {
          const spec = stringOf(node.arguments[0]);
          if (spec !== null && spec.startsWith('.')) found.add(spec);
        }
        break;
    }
    for (const key in node) if (key !== 'parent') visit(node[key]);
  };
  visit(result.program);
  return { specifiers: [...found], errors: result.errors.map((e) => e.message) };
}

/** The file a relative specifier names, as the bundler finds it; null for packages and misses. */
export function resolveSpecifier(root: string, from: string, specifier: string): string | null {
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return null;
  const bare = specifier.replace(/[?#].*$/, '');
  const base = path.resolve(root, path.dirname(from), bare);
  const isFile = (p: string) => existsSync(p) && statSync(p).isFile();
  const candidates = [
    base,
    ...EXTENSIONS.map((ext) => base + ext),
    // './x.js' written for './x.ts' (TypeScript's ESM spelling)
    ...(/\.(m|c)?jsx?$/.test(base) ? ['.ts', '.tsx'].map((ext) => base.replace(/\.(m|c)?jsx?$/, ext)) : []),
    ...['.ts', '.tsx'].map((ext) => path.join(base, `index${ext}`)),
  ];
  const hit = candidates.find(isFile);
  return hit === undefined ? null : toPosix(path.relative(root, hit));
}

export function isRelative(specifier: string): boolean {
  return specifier.startsWith('./') || specifier.startsWith('../');
}

/** The graph of the given folders of the project at `root` (only relative imports make edges). */
export function readImportGraph(root: string, dirs: readonly string[]): ImportGraph {
  const files = dirs.flatMap((dir) => sourceFilesUnder(root, dir));
  const edges: ImportEdge[] = [];
  const parseErrors: { file: string; message: string }[] = [];
  for (const file of files) {
    const { specifiers, errors } = importSpecifiers(file, readFileSync(path.join(root, file), 'utf8'));
    if (errors.length > 0) parseErrors.push({ file, message: errors[0]! });
    for (const specifier of specifiers) {
      if (!isRelative(specifier)) continue;
      edges.push({ from: file, to: resolveSpecifier(root, file, specifier), specifier });
    }
  }
  return { files, edges, parseErrors };
}

/**
 * Every import cycle, one per strongly connected group of files: the shortest loop through the
 * group's first file (a → b → a), so a group of many files still reads as one line to break.
 */
export function findCycles(edges: readonly { from: string; to: string | null }[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) {
    if (to === null) continue;
    const list = next.get(from) ?? [];
    if (!list.includes(to)) list.push(to);
    next.set(from, list);
    if (!next.has(to)) next.set(to, []);
  }
  // Tarjan's strongly connected components, iteratively so deep chains cannot overflow the stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const groups: string[][] = [];
  let counter = 0;
  for (const start of [...next.keys()].sort()) {
    if (index.has(start)) continue;
    const work: { node: string; i: number }[] = [{ node: start, i: 0 }];
    index.set(start, counter);
    low.set(start, counter);
    counter++;
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const targets = next.get(frame.node)!;
      if (frame.i < targets.length) {
        const to = targets[frame.i++]!;
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter);
          counter++;
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, i: 0 });
        } else if (onStack.has(to)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const group: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          group.push(member);
        } while (member !== frame.node);
        const selfLoop = group.length === 1 && targets.includes(frame.node);
        if (group.length > 1 || selfLoop) groups.push(group.sort());
      }
    }
  }
  return groups
    .map((group) => shortestLoop(group[0]!, new Set(group), next))
    .sort((a, b) => a[0]!.localeCompare(b[0]!));
}

function shortestLoop(start: string, within: ReadonlySet<string>, next: ReadonlyMap<string, string[]>): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const to of next.get(node) ?? []) {
      if (!within.has(to)) continue;
      if (to === start) {
        const loop = [start];
        for (let at = node; at !== start; at = cameFrom.get(at)!) loop.splice(1, 0, at);
        return [...loop, start];
      }
      if (!cameFrom.has(to)) {
        cameFrom.set(to, node);
        queue.push(to);
      }
    }
  }
  return [start, start];
}

function toPosix(p: string): string {
  return p.split(path.sep).join('/');
}
