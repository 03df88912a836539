// The workflow pages in docs/workflows are drawn from the machines; they must not fall behind.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { workflowPage } from '../../scripts/workflows/mermaid';

const isMachine = (v: unknown): v is AnyStateMachine =>
  typeof v === 'object' && v !== null && 'root' in v && 'getTransitionData' in v;

const machines = Object.entries(import.meta.glob('/src/machines/**/*.machine.ts', { eager: true })).flatMap(([file, mod]) =>
  Object.values(mod as Record<string, unknown>).filter(isMachine).map((machine) => ({ source: file.slice(1), machine })),
);

describe('workflow pages', () => {
  for (const { source, machine } of machines) {
    it(`docs/workflows/${machine.id}.md matches ${source} (run \`npm run workflows\`)`, () => {
      const page = `docs/workflows/${machine.id}.md`;
      expect(existsSync(page), page).toBe(true);
      expect(readFileSync(page, 'utf8')).toBe(workflowPage(machine, source));
    });
  }

  it('draws a guarded fallback as the otherwise branch', () => {
    const login = machines.find((m) => m.machine.id === 'login');
    expect(login && workflowPage(login.machine, login.source)).toContain('verifyPassword done [otherwise]');
  });
});
