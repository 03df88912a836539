// Which of our modules may import which (the layers of the panel and the API server), and the
// check that lists every import breaking them as "file → import (rule broken)".
import { findCycles, type ImportGraph } from './import-graph';

/** The folders whose imports are checked. */
export const CHECKED_DIRS = ['src', 'server'] as const;

const under = (dir: string) => (file: string) => file.startsWith(`${dir}/`);
const inDomain = under('src/domain');
const inSrc = under('src');
const inServer = under('server');
/** Where machines meet services: src/machines/live.ts and the *.live.ts files beside the machines. */
const isLiveWiring = (file: string) => file === 'src/machines/live.ts' || (under('src/machines')(file) && file.endsWith('.live.ts'));

export interface LayerRule {
  readonly name: string;
  /** True when an import from `from` to `to` (both project paths) breaks the rule. */
  readonly breaks: (from: string, to: string) => boolean;
}

export const LAYER_RULES: readonly LayerRule[] = [
  {
    name: 'src/domain imports nothing of ours outside src/domain',
    breaks: (from, to) => inDomain(from) && !inDomain(to),
  },
  {
    name: 'src/machines reach src/services only from the live wiring (*.live.ts, src/machines/live.ts)',
    breaks: (from, to) => under('src/machines')(from) && under('src/services')(to) && !isLiveWiring(from),
  },
  {
    name: 'nothing in src/ imports server/',
    breaks: (from, to) => inSrc(from) && inServer(to),
  },
  {
    name: 'server/ imports the panel only from src/domain',
    breaks: (from, to) => inServer(from) && inSrc(to) && !inDomain(to),
  },
];

export interface LayerViolation {
  readonly file: string;
  readonly import: string;
  readonly rule: string;
}

/** Every import breaking a layer rule, every import no file answers, and every import cycle. */
export function checkLayers(graph: Pick<ImportGraph, 'edges'> & Partial<Pick<ImportGraph, 'parseErrors'>>): LayerViolation[] {
  const out: LayerViolation[] = [];
  for (const { file, message } of graph.parseErrors ?? []) out.push({ file, import: '(whole file)', rule: `must parse: ${message}` });
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
