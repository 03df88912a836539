import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureSpaBuilt } from '../../server/spa-build';

// The decisions of `npm start` about building the panel (the build itself is vite's).
let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'staff-console-root-'));
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

function write(file: string, ageSeconds: number): void {
  const full = path.join(root, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, '<!doctype html>');
  const t = Date.now() / 1000 - ageSeconds;
  utimesSync(full, t, t);
}

describe('building the panel on start', () => {
  it('serves an up-to-date dist/ without building', () => {
    write('index.html', 100);
    write('src/main.tsx', 100);
    write('dist/index.html', 10);
    expect(ensureSpaBuilt(root, {})).toEqual({ dir: path.join(root, 'dist') });
  });

  it('serves dist/ as it is with SKIP_BUILD=1, even when sources are newer', () => {
    write('src/main.tsx', 1);
    write('index.html', 1);
    write('dist/index.html', 100);
    expect(ensureSpaBuilt(root, { SKIP_BUILD: '1' })).toEqual({ dir: path.join(root, 'dist') });
  });

  it('serves the API alone when there is nothing to serve and building is skipped', () => {
    expect(ensureSpaBuilt(root, { SKIP_BUILD: '1' })).toEqual({ dir: null, reason: 'SKIP_BUILD=1 and no dist/index.html' });
    expect(ensureSpaBuilt(root, {})).toEqual({ dir: null, reason: 'no index.html to build the panel from' });
  });
});
