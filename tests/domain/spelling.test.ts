// The spec writes "Organization": every text a person reads says it so. Code comments may say
// what they like; strings, JSX text and the generated workflow docs the panel shows may not.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

function files(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return files(file, pattern);
    return pattern.test(name) ? [file] : [];
  });
}

const COMMENT = /^\s*(\/\/|\*|\/\*\*)/;

describe('spelling of what a person reads', () => {
  it('says Organization, never Organisation', () => {
    const found: string[] = [];
    for (const file of [
      ...files('src', /\.tsx?$/),
      ...files('server', /\.ts$/),
      ...files('docs/workflows', /\.(md|svg|mmd)$/),
    ]) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          const code = /\.tsx?$/.test(file) ? (COMMENT.test(line) ? '' : line.replace(/\s\/\/ .*$/, '')) : line;
          if (/organis/i.test(code)) found.push(`${file}:${i + 1}`);
        });
    }
    expect(found).toEqual([]);
  });
});
