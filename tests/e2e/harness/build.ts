// Builds the SPA once per run, unless dist/ is newer than every source it is built from.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { BIN, DIST, ROOT } from './paths';

const INPUTS = ['src', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];
// Written by the router plugin during the build itself.
const GENERATED = new Set(['routeTree.gen.ts']);

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return GENERATED.has(path.basename(entry)) ? 0 : stat.mtimeMs;
  return readdirSync(entry).reduce((max, name) => Math.max(max, newestMtime(path.join(entry, name))), 0);
}

export function distIsFresh(): boolean {
  const index = path.join(DIST, 'index.html');
  if (!existsSync(index)) return false;
  const sources = Math.max(...INPUTS.map((p) => newestMtime(path.join(ROOT, p))));
  return statSync(index).mtimeMs >= sources;
}

export async function ensureBuild(): Promise<'fresh' | 'built'> {
  if (distIsFresh()) return 'fresh';
  await new Promise<void>((resolve, reject) => {
    const child = spawn(BIN('vite'), ['build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build exited with ${code}`))));
  });
  return 'built';
}
