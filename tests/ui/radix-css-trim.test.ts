// The build step that keeps /login within budget must not drop what the panel uses.
import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import {
  firstLoadFiles,
  namedPalettes,
  namedValues,
  subtractCss,
  trimCss,
  usedClasses,
} from '../../build/radix-css-trim';

const trim = (css: string, used: string[]) => {
  const root = postcss.parse(css);
  trimCss(root, new Set(used), new Set(['', 'blue', 'red', 'slate', '100%']));
  return root.toString().replace(/\s+/g, ' ').trim();
};

describe('Radix CSS trimming', () => {
  it('keeps used component classes and drops the others', () => {
    const out = trim('.rt-Button{a:1} .rt-Badge{b:2} .rt-Button:where(.rt-variant-solid){c:3}', [
      'rt-Button',
      'rt-variant-solid',
    ]);
    expect(out).toContain('.rt-Button{a:1}');
    expect(out).toContain('.rt-Button:where(.rt-variant-solid){c:3}');
    expect(out).not.toContain('rt-Badge');
  });

  it('never drops a selector for a class inside :not()', () => {
    expect(trim('.rt-Button:where(:not(.rt-variant-ghost)) svg{o:1}', ['rt-Button'])).toContain('rt-variant-ghost');
  });

  it('drops palettes that are not imported', () => {
    const out = trim("[data-accent-color='indigo']{x:1} [data-accent-color='blue']{y:2} .dark{z:3}", []);
    expect(out).not.toContain('indigo');
    expect(out).toContain("[data-accent-color='blue']");
    expect(out).not.toContain('.dark');
  });

  it('drops theme settings the sources never name, and the wide-gamut copy of the tokens', () => {
    const out = trim(
      "[data-scaling='90%']{s:1} [data-scaling='100%']{t:2} @supports (color: color(display-p3 1 1 1)){:root{--blue-9:p3}}",
      [],
    );
    expect(out).toBe("[data-scaling='100%']{t:2}");
  });

  it('names every colour the sections ask for, so the build ships their scales', () => {
    const palettes = namedPalettes(namedValues('src'));
    for (const p of ['blue', 'red', 'slate', 'amber', 'green', 'orange']) expect(palettes, p).toContain(p);
    expect(palettes).not.toContain('gray');
  });

  it('removes at-rules left empty', () => {
    expect(trim('@media (min-width: 520px){.xs\\:rt-r-p-4{p:1}}', [])).toBe('');
  });

  it('finds the classes the sources use, prop values mapped as Radix maps them', async () => {
    const used = await usedClasses('src');
    for (const c of [
      'radix-themes',
      'rt-Button',
      'rt-BaseButton',
      'rt-r-size-2',
      'rt-r-jc-space-between',
      'rt-r-gap-3',
      'rt-CalloutRoot',
      'side-menu-link',
      'rt-loading',
    ]) {
      expect(used, c).toContain(c);
    }
  });

  it('keeps the breakpoint classes of responsive prop values', async () => {
    const used = await usedClasses('src');
    // <Grid columns={{ initial: '1', md: '2' }}> on the Create User screen.
    expect(used).toContain('rt-r-gtc-1');
    expect(used).toContain('md:rt-r-gtc-2');
    expect(trim('@media (min-width: 1024px){.md\\:rt-r-gtc-2{g:2}}', [...used])).toContain('md\\:rt-r-gtc-2');
  });

  it("splits a stylesheet: the first load keeps its classes, the sections' copy only the rest", () => {
    const css = '.rt-Button{a:1} .rt-Table{b:2} @media (min-width: 1024px){.md\\:rt-r-gtc-2{c:3} .rt-Button{d:4}}';
    const all = new Set(['rt-Button', 'rt-Table', 'md:rt-r-gtc-2']);
    const first = new Set(['rt-Button']);
    const palettes = new Set(['']);
    const sections = postcss.parse(css);
    trimCss(sections, all, palettes);
    subtractCss(sections, first, palettes);
    const out = sections.toString().replace(/\s+/g, ' ');
    expect(out).toContain('.rt-Table{b:2}');
    expect(out).toContain('md\\:rt-r-gtc-2');
    expect(out).not.toContain('rt-Button');
  });

  it('counts as first-load sources what main.tsx imports statically, short of the lazy section routes', () => {
    const files = firstLoadFiles('src/main.tsx').map((f) => f.replace(process.cwd() + '/', ''));
    expect(files).toContain('src/sections/login/login-view.tsx');
    expect(files).toContain('src/routes/login.tsx');
    expect(files.some((f) => f.startsWith('src/sections/user-list/'))).toBe(false);
    expect(files.some((f) => f.startsWith('src/routes/_authed'))).toBe(false);
  });
});
