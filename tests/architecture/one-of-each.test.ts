// One of each: the pieces every screen shares are written once, and a second way of doing one of
// them fails here with the file and line. Each rule names the one home and what it looks for.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sourceFilesUnder } from './import-graph';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const panelFiles = sourceFilesUnder(root, 'src').filter((f) => f !== 'src/routeTree.gen.ts');

interface OneHome {
  what: string;
  home: string;
  /** A line that does the piece's work by hand. */
  pattern: RegExp;
}

const RULES: readonly OneHome[] = [
  {
    what: 'numbers, times and days are written by src/domain/format.ts',
    home: 'src/domain/format.ts',
    pattern:
      /\.toLocale(?:Date|Time)?String\(|\bIntl\.(?:DateTimeFormat|NumberFormat)\b|toISOString\(\)\.slice\(0, 10\)/,
  },
  {
    what: 'paging controls are Pager and LoadMore (src/ui/shared/pager.tsx)',
    home: 'src/ui/shared/pager.tsx',
    pattern: />\s*(?:Previous|First page|Load more|Next page|Older(?: entries)?|Newer|More \w+)\s*</,
  },
  {
    what: "a 409's body is read with conflictOf (src/domain/conflict.ts)",
    home: 'src/domain/conflict.ts',
    pattern: /status === 409 &&[^\n]*\bdata\b/,
  },
  {
    what: "a list's address is bound by src/ui/shared/url-params.ts (no second params context)",
    home: 'src/ui/shared/url-params.ts',
    pattern: /setParams: \(next: Record<string, string>|createContext<\w*Url\w* \| null>\(null\)/,
  },
];

/** Where a rule's pattern stands outside its home: `file:line`. */
export function offenders(rule: OneHome, files: readonly string[], read: (file: string) => string): string[] {
  return files
    .filter((f) => f !== rule.home)
    .flatMap((f) =>
      read(f)
        .split('\n')
        .flatMap((line, i) => (rule.pattern.test(line) && !/^\s*(\/\/|\*)/.test(line) ? [`${f}:${i + 1}`] : [])),
    );
}

const readSource = (file: string) => readFileSync(path.join(root, file), 'utf8');

describe('one of each', () => {
  it('reads the panel in full', () => {
    expect(panelFiles).toContain('src/domain/format.ts');
    expect(panelFiles.length).toBeGreaterThan(300);
  });

  for (const rule of RULES) {
    it(rule.what, () => {
      expect(offenders(rule, panelFiles, readSource)).toEqual([]);
    });

    it(`fails on a second way: ${rule.what}`, () => {
      const copy = 'src/ui/some-section/copy.tsx';
      const sample: Record<string, string> = {
        'src/domain/format.ts': 'const when = new Date(ms).toLocaleString("en-US");',
        'src/ui/shared/pager.tsx': '<Button onClick={next}>Load more</Button>',
        'src/domain/conflict.ts': 'if (err.status === 409 && err.data) return err.data;',
        'src/ui/shared/url-params.ts': '  setParams: (next: Record<string, string>, how?: { push?: boolean }) => void;',
      };
      expect(offenders(rule, [copy], () => sample[rule.home]!)).toEqual([`${copy}:1`]);
    });
  }
});
