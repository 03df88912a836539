// The focus ring against what it stands on (WCAG 2.2 SC 1.4.11: 3:1), in light and dark, measured
// on the colours the panel ships: Radix Themes' sRGB tokens (the build drops the Display-P3
// copies) with src/styles/app.css's overrides over them (decision 092).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const RADIX = path.dirname(require.resolve('@radix-ui/themes/styles.css'));
const read = (file: string) => readFileSync(file, 'utf8');
const APP_CSS = read(path.resolve(__dirname, '../../src/styles/app.css'));

type Vars = Record<string, string>;

/** The custom properties of the top-level rules whose selector list holds `selector` (nested @supports copies left out). */
function varsOf(css: string, selector: string): Vars {
  const out: Vars = {};
  let depth = 0;
  let start = 0;
  for (let i = 0; i < css.length; i++) {
    if (css[i] === '{') {
      if (depth === 0) {
        const head = css.slice(start, i).replace(/\/\*[\s\S]*?\*\//g, '');
        const end = css.indexOf('}', i);
        const selectors = head.split(',').map((s) => s.trim());
        if (!head.trim().startsWith('@') && selectors.includes(selector))
          for (const [, name, value] of css.slice(i + 1, end).matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g))
            out[name!] = value!.trim();
      }
      depth++;
    } else if (css[i] === '}') {
      depth--;
      if (depth === 0) start = i + 1;
    }
  }
  return out;
}

/** A theme's tokens: Radix's palette files, then app.css's overrides for the same selector. */
function theme(selector: ':root' | '.dark'): Vars {
  const palette = (name: string) => varsOf(read(path.join(RADIX, 'tokens/colors', `${name}.css`)), selector);
  return { ...palette('slate'), ...palette('blue'), ...varsOf(APP_CSS, selector) };
}

const resolve = (vars: Vars, value: string): string => {
  const ref = /^var\((--[\w-]+)\)$/.exec(value);
  return ref ? resolve(vars, vars[ref[1]!] ?? `missing ${ref[1]}`) : value;
};

const channels = (hex: string) => {
  const h = hex.replace('#', '');
  expect(h, hex).toMatch(/^[0-9a-f]{6}([0-9a-f]{2})?$/i);
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16));
  return { rgb: [r!, g!, b!], alpha: h.length === 8 ? parseInt(h.slice(6), 16) / 255 : 1 };
};

/** A translucent colour drawn over an opaque one. */
const over = (top: string, under: string) => {
  const t = channels(top);
  const u = channels(under).rgb;
  return `#${t.rgb
    .map((c, i) =>
      Math.round(c * t.alpha + u[i]! * (1 - t.alpha))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
};

const luminance = (hex: string) => {
  const [r, g, b] = channels(hex).rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};

const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

/** The focus colour as app.css sets it for every Radix root and accent. */
const FOCUS = varsOf(APP_CSS, '.radix-themes')['--focus-8'];

describe('the focus ring has 3:1 against the page and the panels', () => {
  const light = theme(':root');
  const dark = theme('.dark');
  // Radix: light page and solid panel white, a translucent card white at 70 % over it; dark page
  // gray-1, solid panel gray-2, a translucent card gray-a2 over the page.
  const cases = [
    { mode: 'light', vars: light, page: '#ffffff', panel: '#ffffff', card: '#ffffff', shade: light['--slate-2']! },
    {
      mode: 'dark',
      vars: dark,
      page: dark['--slate-1']!,
      panel: dark['--slate-2']!,
      card: over(dark['--slate-a2']!, dark['--slate-1']!),
      shade: dark['--slate-2']!,
    },
  ];

  it('app.css sets the focus colour', () => expect(FOCUS).toBe('var(--blue-9)'));

  for (const c of cases)
    it(`${c.mode}: page, panel, card and a gray-2 stripe`, () => {
      const ring = resolve(c.vars, FOCUS!);
      const ratios = Object.fromEntries(
        (['page', 'panel', 'card', 'shade'] as const).map((k) => [k, Math.round(contrast(ring, c[k]) * 100) / 100]),
      );
      for (const [k, ratio] of Object.entries(ratios))
        expect(ratio, `${c.mode} ${ring} on ${k}`).toBeGreaterThanOrEqual(3);
      // What Radix alone draws (blue-8) fails in light: the reason for the override.
      if (c.mode === 'light') expect(contrast(c.vars['--blue-8']!, c.page)).toBeLessThan(3);
    });
});
