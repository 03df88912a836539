import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ensureSpaBuilt, type SpaBuilder } from '../../server/spa-build';

// The decisions of `npm start` about building the panel. The build itself is vite's: here a
// recording builder stands in for it, so no test spawns a real build.
let root: string;
let builds: { root: string; env: Record<string, string | undefined> }[];
let buildSucceeds: boolean;
const builder: SpaBuilder = (r, env) => {
  builds.push({ root: r, env });
  return buildSucceeds;
};

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'staff-console-root-'));
  builds = [];
  buildSucceeds = true;
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  rmSync(root, { recursive: true, force: true });
});

function at(target: string, ageSeconds: number): void {
  const t = Date.now() / 1000 - ageSeconds;
  utimesSync(target, t, t);
}

function write(file: string, ageSeconds: number): void {
  const full = path.join(root, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, '<!doctype html>');
  at(full, ageSeconds);
}

const dist = () => path.join(root, 'dist');

describe('building the panel on start', () => {
  it('serves an up-to-date dist/ without building, though the source folders themselves are newer', () => {
    write('index.html', 100);
    write('src/main.tsx', 100);
    write('dist/index.html', 10);
    // A scratch file come and gone leaves only the folder's time changed.
    writeFileSync(path.join(root, 'src', 'scratch.tmp'), '');
    rmSync(path.join(root, 'src', 'scratch.tmp'));
    at(path.join(root, 'src'), 0);
    expect(ensureSpaBuilt(root, {}, builder)).toEqual({ dir: dist() });
    expect(builds).toEqual([]);
  });

  it('rebuilds when a source file is newer than dist/, with the environment it was given', () => {
    write('index.html', 100);
    write('src/routes/login.tsx', 1);
    write('dist/index.html', 10);
    const env = { PATH: '/usr/bin', VITE_FLAG: 'on' };
    expect(ensureSpaBuilt(root, env, builder)).toEqual({ dir: dist() });
    expect(builds).toEqual([{ root, env }]);
  });

  it('builds when there is no dist/ yet', () => {
    write('index.html', 100);
    expect(ensureSpaBuilt(root, {}, builder)).toEqual({ dir: dist() });
    expect(builds).toHaveLength(1);
  });

  it('serves the previous dist/ when a rebuild fails, and stops when there is none', () => {
    buildSucceeds = false;
    write('index.html', 1);
    expect(() => ensureSpaBuilt(root, {}, builder)).toThrow('The panel build failed');
    write('dist/index.html', 100);
    expect(ensureSpaBuilt(root, {}, builder)).toEqual({ dir: dist() });
    expect(builds).toHaveLength(2);
  });

  it('serves dist/ as it is with SKIP_BUILD=1, even when sources are newer', () => {
    write('src/main.tsx', 1);
    write('index.html', 1);
    write('dist/index.html', 100);
    expect(ensureSpaBuilt(root, { SKIP_BUILD: '1' }, builder)).toEqual({ dir: dist() });
    expect(builds).toEqual([]);
  });

  it('serves the API alone when there is nothing to serve and building is skipped', () => {
    expect(ensureSpaBuilt(root, { SKIP_BUILD: '1' }, builder)).toEqual({
      dir: null,
      reason: 'SKIP_BUILD=1 and no dist/index.html',
    });
    expect(ensureSpaBuilt(root, {}, builder)).toEqual({ dir: null, reason: 'no index.html to build the panel from' });
    expect(builds).toEqual([]);
  });
});

describe('a production start', () => {
  it('serves the build as it is, never building, and says what to do when there is none', () => {
    write('src/main.tsx', 1);
    write('index.html', 1);
    expect(() => ensureSpaBuilt(root, { APP_ENV: 'production' }, builder)).toThrow(
      'The panel is not built (no dist/index.html): run `npm run build` before starting with APP_ENV=production.',
    );
    write('dist/index.html', 100);
    expect(ensureSpaBuilt(root, { APP_ENV: 'production' }, builder)).toEqual({ dir: dist() });
    expect(builds).toEqual([]);
  });
});
