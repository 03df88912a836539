// Which of our modules may import which, keyed to each file's role, and the check that lists every
// import breaking them as "file → import (rule broken)". The panel's layers, lowest first:
//   contract (src/domain) ← services ← machines ← views (src/ui) ← routes (src/routes, app, main)
// with the workflow viewer's engine (src/workflows) beside services: it reads the contract and
// itself only, so the machines' plans can import it and it never imports a machine. Across
// machines, shared code (src/machines/shared) imports no flow, and a flow imports another flow only
// when that flow is its declared child (CHILD_FLOWS); the registry and live wiring at the top of
// src/machines assemble the flows and may import any of them.
import { findCycles, type ImportGraph } from './import-graph';

/** The folders whose imports are checked. */
export const CHECKED_DIRS = ['src', 'server'] as const;

export type Role = 'contract' | 'service' | 'engine' | 'machine' | 'view' | 'route' | 'style' | 'server' | 'other';

const under = (dir: string) => (file: string) => file.startsWith(`${dir}/`);
const ROUTE_FILES = new Set(['src/app.tsx', 'src/main.tsx', 'src/routeTree.gen.ts']);

/**
 * A file's role: by its folder, and inside a section folder (src/sections/<stem>/) by its name:
 * the flow's own files carry their kind after a dot (`skus.machine.ts`, `skus.service.ts`), and
 * everything else there (screens, dialogs, contexts, URL bindings) is the section's view.
 */
export function roleOf(file: string): Role {
  if (under('server')(file)) return 'server';
  if (!under('src')(file)) return 'other';
  if (file.endsWith('.css') || under('src/styles')(file) || file === 'src/styles.d.ts') return 'style';
  if (under('src/domain')(file)) return 'contract';
  if (under('src/services')(file)) return 'service';
  if (under('src/workflows')(file)) return 'engine';
  if (under('src/machines')(file)) return 'machine';
  if (under('src/ui')(file)) return 'view';
  if (under('src/routes')(file) || ROUTE_FILES.has(file)) return 'route';
  if (under('src/sections')(file)) {
    if (file.endsWith('.service.ts') || file.endsWith('.worker.ts')) return 'service';
    return /\/[^/.]+\.[a-z]+\.ts$/.test(file) ? 'machine' : 'view';
  }
  return 'other';
}

/** What each role of the panel may import (besides styles, which anything may import). */
const MAY_IMPORT: Record<'contract' | 'service' | 'engine' | 'machine' | 'view' | 'route', readonly Role[]> = {
  contract: ['contract'],
  service: ['contract', 'service'],
  engine: ['contract', 'engine'],
  machine: ['contract', 'service', 'engine', 'machine'],
  view: ['contract', 'service', 'engine', 'machine', 'view'],
  route: ['contract', 'service', 'engine', 'machine', 'view', 'route'],
};

/**
 * The flows each flow runs as child actors (its machine invokes or spawns theirs); layers.test.ts
 * holds each entry to a real import of the child's machine by the parent's.
 */
export const CHILD_FLOWS: Readonly<Record<string, readonly string[]>> = {
  'segments-n-tags': ['tags'],
  // An export's download, shared by the screens that export (decision 095).
  'user-list': ['export-download'],
  'broker-research': ['export-download'],
};

const SHARED_MACHINE_DIR = 'shared';
/**
 * The signed-in session is the app's root actor, read by every screen and form; the banner runs
 * every transient message (the page's banner and each screen's outcome line). Neither is a flow of
 * its own.
 */
const ROOT_ACTORS = new Set(['session', 'banner']);

/** The flow a machine-side file belongs to: its folder under src/machines or src/sections; null for shared and assembly files. */
export function flowOf(file: string): string | null {
  const m = /^src\/(machines|sections)\/([^/]+)\//.exec(file);
  if (m === null || (m[1] === 'machines' && (m[2] === SHARED_MACHINE_DIR || ROOT_ACTORS.has(m[2]!)))) return null;
  if (m[1] === 'sections' && roleOf(file) !== 'machine') return null;
  return m[2]!;
}

/** Shared code: used by many flows, so it may import none of them (the panel-wide views and form pieces too). */
export function isShared(file: string): boolean {
  return (
    under(`src/machines/${SHARED_MACHINE_DIR}`)(file) ||
    /^src\/ui\/[^/]+$/.test(file) ||
    under('src/ui/form')(file) ||
    under('src/ui/shared')(file)
  );
}

/** Where machines meet services: src/machines/live.ts and the *.live.ts files beside the machines. */
const isLiveWiring = (file: string) =>
  file === 'src/machines/live.ts' || (roleOf(file) === 'machine' && file.endsWith('.live.ts'));

const ROLE_WORDS: Record<keyof typeof MAY_IMPORT, string> = {
  contract: 'the contract (src/domain)',
  service: 'services',
  engine: 'the workflow engine (src/workflows)',
  machine: 'machines',
  view: 'views (src/ui)',
  route: 'routes',
};

export interface LayerRule {
  readonly name: string;
  /** True when an import from `from` to `to` (both project paths) breaks the rule. */
  readonly breaks: (from: string, to: string) => boolean;
}

const layerRule = (role: keyof typeof MAY_IMPORT): LayerRule => ({
  name: `${ROLE_WORDS[role]} import only ${MAY_IMPORT[role].map((r) => ROLE_WORDS[r as keyof typeof MAY_IMPORT]).join(', ')}`,
  breaks: (from, to) => {
    const target = roleOf(to);
    return roleOf(from) === role && inPanel(to) && target !== 'style' && !MAY_IMPORT[role].includes(target);
  },
});
const inPanel = under('src');

export const LAYER_RULES: readonly LayerRule[] = [
  layerRule('contract'),
  layerRule('service'),
  layerRule('engine'),
  layerRule('machine'),
  layerRule('view'),
  layerRule('route'),
  {
    name: 'machines reach services only from the live wiring (*.live.ts, src/machines/live.ts)',
    breaks: (from, to) => roleOf(from) === 'machine' && roleOf(to) === 'service' && !isLiveWiring(from),
  },
  {
    name: 'shared code imports no flow',
    breaks: (from, to) => isShared(from) && flowOf(to) !== null,
  },
  {
    name: 'a flow imports another flow only as a declared child (CHILD_FLOWS)',
    breaks: (from, to) => {
      const [a, b] = [flowOf(from), flowOf(to)];
      return a !== null && b !== null && a !== b && !(CHILD_FLOWS[a] ?? []).includes(b);
    },
  },
  {
    name: 'nothing in src/ imports server/',
    breaks: (from, to) => inPanel(from) && roleOf(to) === 'server',
  },
  {
    name: 'server/ imports the panel only from src/domain',
    breaks: (from, to) => roleOf(from) === 'server' && inPanel(to) && roleOf(to) !== 'contract',
  },
];

export interface LayerViolation {
  readonly file: string;
  readonly import: string;
  readonly rule: string;
}

/** Every import breaking a layer rule, every import no file answers, and every import cycle. */
export function checkLayers(
  graph: Pick<ImportGraph, 'edges'> & Partial<Pick<ImportGraph, 'parseErrors'>>,
): LayerViolation[] {
  const out: LayerViolation[] = [];
  for (const { file, message } of graph.parseErrors ?? [])
    out.push({ file, import: '(whole file)', rule: `must parse: ${message}` });
  for (const edge of graph.edges) {
    if (edge.to === null) {
      out.push({ file: edge.from, import: edge.specifier, rule: 'relative imports must name a file' });
      continue;
    }
    for (const rule of LAYER_RULES) {
      if (rule.breaks(edge.from, edge.to)) out.push({ file: edge.from, import: edge.to, rule: rule.name });
    }
  }
  for (const loop of findCycles(graph.edges)) {
    out.push({ file: loop[0]!, import: loop[1]!, rule: `no import cycles: ${loop.join(' → ')}` });
  }
  return out;
}

export function formatViolations(violations: readonly LayerViolation[]): string {
  return violations.map((v) => `${v.file} → ${v.import} (${v.rule})`).join('\n');
}
