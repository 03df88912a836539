// Build step: keeps only the Radix Themes CSS that the panel's sources can use.
//
// Radix ships one stylesheet for all of its components (components.css ~430 kB, utilities.css
// ~250 kB); /login uses a dozen components and a few layout props. This plugin works out which
// class names can appear on the page:
//   - class-like words written in src/ (className="side-menu-link", 'light' …);
//   - the classes of the Radix components src/ imports, read from their compiled files and the
//     files they import (rt-Button, rt-BaseButton …);
//   - the classes Radix derives from props: for each prop written in src/ (<Flex gap="3">) the
//     prop definition's class name plus the value (rt-r-gap-3), and every default value;
// and removes each selector that needs a class outside that set, or a colour palette or theme
// setting the sources never name ('amber', "green", '100%': see namedValues). Selectors inside
// :not() never force a removal.
// Display-P3 variants of the colour tokens are dropped: they double every palette, and the sRGB
// values are the ones whose contrast is checked (src/styles/app.css). A palette the sources name
// whose token file no stylesheet imports fails the build, so a colour asked for never quietly
// falls back to the accent.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import postcss, { type Root } from 'postcss';
import selectorParser from 'postcss-selector-parser';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);
const RADIX_ESM = path.join(path.dirname(require.resolve('@radix-ui/themes/package.json')), 'dist/esm');

interface PropDef {
  type?: string;
  className?: string;
  values?: readonly string[];
  default?: unknown;
  /** Maps a prop value to its class suffix (justify="between" → space-between). */
  parseValue?: (value: string) => string;
}

function filesUnder(dir: string, ext: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full, ext) : ext.test(name) ? [full] : [];
  });
}

const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

/** A compiled Radix file and every Radix file it imports. */
function radixClosure(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    for (const m of code.matchAll(/from"(\.{1,2}\/[^"]+\.js)"/g)) visit(path.resolve(path.dirname(file), m[1]!));
  };
  entries.forEach(visit);
  return seen;
}

async function propDefsOf(files: Iterable<string>): Promise<Map<string, PropDef[]>> {
  const defs = new Map<string, PropDef[]>();
  for (const file of files) {
    if (!/\.props?\.js$/.test(file)) continue;
    const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    for (const group of Object.values(mod)) {
      if (!group || typeof group !== 'object') continue;
      for (const [name, def] of Object.entries(group as Record<string, PropDef>)) {
        if (!def || typeof def !== 'object' || typeof def.className !== 'string') continue;
        defs.set(name, [...(defs.get(name) ?? []), def]);
      }
    }
  }
  return defs;
}

/** Route files whose screens load lazily: what only they use belongs in the sections' stylesheet. */
const LAZY_ROUTE = /[\\/]src[\\/]routes[\\/]_authed/;
const STATIC_IMPORT = /(?:^|\n)\s*(?:import|export)\s+(?:[^'";]*?\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]/g;

function resolveSource(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      /* next */
    }
  }
  return null;
}

/**
 * The sources of the first page load: everything src/main.tsx imports statically, short of the
 * lazily loaded section routes (dynamic import() is never followed).
 */
export function firstLoadFiles(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || LAZY_ROUTE.test(file)) return;
    seen.add(file);
    if (!/\.tsx?$/.test(file)) return;
    for (const m of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      const target = resolveSource(file, m[1]!);
      if (target) visit(target);
    }
  };
  visit(path.resolve(entry));
  return [...seen];
}

/** Class names the given sources (all of srcDir when not given) can put on the page. */
export async function usedClasses(srcDir: string, files?: readonly string[]): Promise<Set<string>> {
  const sources = (files ?? filesUnder(srcDir, /\.(tsx?|css)$/)).map((f) => readFileSync(f, 'utf8'));
  const used = new Set<string>();
  const imported = new Set<string>();
  for (const code of sources) {
    for (const m of code.matchAll(/[A-Za-z][\w-]*/g)) used.add(m[0]);
    for (const m of code.matchAll(/import\s*\{([^}]+)\}\s*from\s*'@radix-ui\/themes'/g)) {
      for (const name of m[1]!.split(','))
        imported.add(
          name
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0]!,
        );
    }
  }
  const entries = [...imported]
    .map((name) => path.join(RADIX_ESM, 'components', `${kebab(name)}.js`))
    .filter((file) => {
      try {
        return statSync(file).isFile();
      } catch {
        return false;
      }
    });
  const closure = radixClosure(entries);
  for (const file of closure)
    for (const m of readFileSync(file, 'utf8').matchAll(/rt-[A-Za-z0-9-]+|radix-themes/g)) used.add(m[0]);

  const defs = await propDefsOf(closure);
  const add = (def: PropDef, value: unknown, into = used) => {
    if (def.type === 'boolean') {
      if (value !== false) into.add(def.className!);
      return;
    }
    if (typeof value === 'string') into.add(`${def.className}-${def.parseValue ? def.parseValue(value) : value}`);
  };
  for (const list of defs.values()) for (const def of list) if (def.default !== undefined) add(def, def.default);
  for (const code of sources) {
    // Responsive values (<Grid columns={{ initial: '1', md: '2' }}>): 'initial' is the plain class,
    // each breakpoint its prefixed one (md:rt-r-gtc-2).
    for (const m of code.matchAll(/\s([a-zA-Z]+)=\{\{([^}]*)\}\}/g)) {
      for (const def of defs.get(m[1]!) ?? []) {
        for (const [, bp, value] of m[2]!.matchAll(/(\w+):\s*['"]([^'"]*)['"]/g)) {
          const own = new Set<string>();
          add(def, value, own);
          for (const cls of own) used.add(bp === 'initial' ? cls : `${bp}:${cls}`);
        }
      }
    }
    for (const m of code.matchAll(/\s([a-zA-Z]+)=(?:"([^"]*)"|\{)/g)) {
      for (const def of defs.get(m[1]!) ?? []) {
        if (m[2] !== undefined) add(def, def.type === 'boolean' ? true : m[2]);
        else if (def.type === 'boolean') add(def, true);
        else for (const v of def.values ?? []) add(def, v); // a value computed at run time: keep them all
      }
    }
  }
  return used;
}

/** Attributes whose values select a theme setting: a value the sources never name is never set. */
const VALUE_ATTRS = new Set([
  'data-accent-color',
  'data-gray-color',
  'data-radius',
  'data-scaling',
  'data-panel-background',
]);

/** Radix Themes' colour scales, by their token files. */
const PALETTES = new Set(
  readdirSync(path.join(RADIX_ESM, '../../tokens/colors')).map((name) => name.replace(/\.css$/, '')),
);

/**
 * The quoted words of the sources, with '' (no value): the theme settings and colours they can
 * ask for (color="amber", tone: 'green', radius: 'medium').
 */
export function namedValues(srcDir: string, files?: readonly string[]): Set<string> {
  const named = new Set(['']);
  for (const file of files ?? filesUnder(srcDir, /\.tsx?$/))
    for (const m of readFileSync(file, 'utf8').matchAll(/['"]([\w%-]+)['"]/g)) named.add(m[1]!);
  return named;
}

/** The colour scales among the named values (gray is the theme's gray scale, slate here). */
export const namedPalettes = (named: Set<string>) => [...named].filter((p) => PALETTES.has(p) && p !== 'gray');

/** The wide-gamut copy of the colour tokens (`@supports (color: color(display-p3 1 1 1))`). */
const isP3 = (at: postcss.AtRule) => at.name === 'supports' && at.params.includes('display-p3');

export function trimCss(root: Root, used: Set<string>, named: Set<string>): void {
  const possible = (selector: selectorParser.Selector): boolean => {
    let ok = true;
    selector.each((node) => {
      if (!ok) return;
      if (node.type === 'class' && !used.has(node.value)) ok = false;
      else if (
        node.type === 'attribute' &&
        VALUE_ATTRS.has(node.attribute) &&
        node.value !== undefined &&
        !named.has(node.value.replace(/['"]/g, ''))
      )
        ok = false;
      else if (node.type === 'pseudo' && /^:(where|is|has)$/.test(node.value) && node.nodes.length)
        ok = node.nodes.some((s) => possible(s));
    });
    return ok;
  };
  root.walkAtRules((at) => {
    if (isP3(at)) at.remove();
  });
  root.walkRules((rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/.test((rule.parent as { name: string }).name)) return;
    const kept = selectorParser((selectors) => {
      selectors.each((s) => {
        if (!possible(s)) s.remove();
      });
    }).processSync(rule.selector);
    if (!kept.trim()) rule.remove();
    else rule.selector = kept;
  });
  removeEmptyAtRules(root);
}

function removeEmptyAtRules(root: Root): void {
  let removed = true;
  while (removed) {
    removed = false;
    root.walkAtRules((at) => {
      if (at.nodes && at.nodes.length === 0) {
        at.remove();
        removed = true;
      }
    });
  }
}

/** Drops the rules the first load's stylesheet already holds, so the sections' adds only the rest. */
export function subtractCss(root: Root, firstLoad: Set<string>, named: Set<string>): void {
  const kept = postcss.parse(root.toString());
  trimCss(kept, firstLoad, named);
  const inFirst = new Set<string>();
  kept.walkRules((rule) => void inFirst.add(`${ancestry(rule)}|${rule.selector}`));
  root.walkRules((rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/.test((rule.parent as { name: string }).name)) return;
    if (inFirst.has(`${ancestry(rule)}|${rule.selector}`)) rule.remove();
  });
  removeEmptyAtRules(root);
}

function ancestry(rule: postcss.Rule): string {
  const parts: string[] = [];
  for (let node = rule.parent; node && node.type === 'atrule'; node = node.parent)
    parts.push(`@${(node as postcss.AtRule).name} ${(node as postcss.AtRule).params}`);
  return parts.join(' ');
}

/** The query that marks the sections' copy of a stylesheet (imported by the lazy shell). */
export const SECTIONS_QUERY = '?sections';

/** The palette a colour token file holds (tokens/colors/amber.css → amber). */
const paletteFile = (id: string) => /[\\/]tokens[\\/]colors[\\/]([a-z]+)\.css(\?|$)/.exec(id)?.[1];

/**
 * Vite plugin: trims each Radix Themes stylesheet as it is loaded, so the bundle's file names
 * are hashed from what is shipped. The stylesheets must be imported from JavaScript (each one a
 * module), not through CSS @import, which Vite inlines before plugins see the files. The plain
 * import (src/main.tsx) keeps what the first page load can use; the same stylesheet imported
 * with `?sections` (the lazy shell) keeps what only the sections use. Palettes follow the same
 * split: those the first load's sources name, and the rest with the sections.
 */
export function radixCssTrim(options: { srcDir: string; entry: string }): Plugin {
  let all: Set<string> | undefined;
  let firstLoad: Set<string> | undefined;
  let named: Set<string> | undefined;
  let firstLoadNamed: Set<string> | undefined;
  const shipped = new Set<string>();
  return {
    name: 'radix-css-trim',
    apply: 'build',
    enforce: 'pre',
    async buildStart() {
      const firstFiles = firstLoadFiles(options.entry);
      all = await usedClasses(options.srcDir);
      firstLoad = await usedClasses(options.srcDir, firstFiles);
      named = namedValues(options.srcDir);
      firstLoadNamed = namedValues(options.srcDir, firstFiles);
    },
    transform(code, id) {
      if (!all || !firstLoad || !named || !firstLoadNamed) return null;
      if (!/[\\/]@radix-ui[\\/]themes[\\/].*\.css(\?|$)/.test(id)) return null;
      const sections = id.endsWith(SECTIONS_QUERY);
      const palette = paletteFile(id);
      if (palette) {
        // A colour scale's file is all tokens: it ships whole in the first copy that names it.
        const wanted = sections ? named.has(palette) && !firstLoadNamed.has(palette) : firstLoadNamed.has(palette);
        if (!wanted) return { code: '', map: null };
        shipped.add(palette);
      }
      const root = postcss.parse(code, { from: id });
      if (palette) trimCss(root, all, named);
      else if (sections) {
        trimCss(root, all, named);
        subtractCss(root, firstLoad, firstLoadNamed);
      } else {
        trimCss(root, firstLoad, firstLoadNamed);
      }
      return { code: root.toString(), map: null };
    },
    buildEnd(error) {
      if (error || !named) return;
      const missing = namedPalettes(named).filter((p) => !shipped.has(p));
      if (missing.length)
        this.error(
          `the sources ask for the colour(s) ${missing.join(', ')}, but no stylesheet ships ` +
            missing.map((p) => `@radix-ui/themes/tokens/colors/${p}.css`).join(', ') +
            ' (src/main.tsx imports those the first load names; src/styles/section-colors.ts, with' +
            ' ?sections, those only the sections name)',
        );
    },
  };
}
