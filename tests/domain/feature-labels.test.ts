// Every permission has a name a person reads, and no message shown to a person spells a feature
// key: the sources are scanned for texts that name a key where the permission's words belong.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { featureLabel, permissionName } from '../../src/domain/feature-labels';
import { FEATURE_KEYS, OTHER_FEATURE_KEYS } from '../../src/domain/features';

const KEYS = [...FEATURE_KEYS, ...OTHER_FEATURE_KEYS];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.tsx?$/.test(name) ? [file] : [];
  });
}

describe('feature labels', () => {
  it('names every feature key in words, each differently', () => {
    const labels = KEYS.map(featureLabel);
    labels.forEach((label, i) => {
      expect(label, KEYS[i]).not.toBe(KEYS[i]);
      expect(label, KEYS[i]).toMatch(/^[A-Z][^_]*$/);
    });
    expect(new Set(labels).size).toBe(labels.length);
    expect(permissionName('edit_user')).toBe('‘Edit users’');
    expect(featureLabel('constructor')).toBe('constructor');
  });

  it('leaves no feature key in a message: "needs the edit_user permission", "You need edit_user"', () => {
    const key = `(?:${KEYS.join('|')})`;
    const phrasing = new RegExp(
      `(?:\\bthe ${key} permission|\\bneeds? (?:the )?${key}\\b(?![\\w'(])|\\brequires? ${key}\\b)`,
    );
    const found: string[] = [];
    for (const file of [...sources('src'), ...sources('server')]) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          const code = line.replace(/^\s*(\/\/|\*|\/\*\*).*$/, '').replace(/\/\/.*$/, '');
          if (phrasing.test(code)) found.push(`${file}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });
});
