// Every machine of src/machines, found by file name, for the workflow pages and their check.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyStateMachine } from 'xstate';

const ROOT = path.resolve(import.meta.dirname, '../..');
const MACHINES = path.join(ROOT, 'src/machines');

const isMachine = (v: unknown): v is AnyStateMachine =>
  typeof v === 'object' && v !== null && 'root' in v && 'getTransitionData' in v;

export async function loadMachines(): Promise<{ source: string; machine: AnyStateMachine }[]> {
  const files = readdirSync(MACHINES, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.machine.ts'))
    .sort();
  const found = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(path.join(MACHINES, file)).href)) as Record<string, unknown>;
    for (const machine of Object.values(mod).filter(isMachine)) {
      found.push({ source: path.posix.join('src/machines', file.split(path.sep).join('/')), machine });
    }
  }
  return found;
}

export const WORKFLOWS_DIR = path.join(ROOT, 'docs/workflows');
