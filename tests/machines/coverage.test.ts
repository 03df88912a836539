// Every state and every transition of every machine in src/machines and src/sections must be reached by a
// generated path. The plans are the registry's (src/machines/registry.ts), the ones the workflow
// viewer shows; paths are generated deterministically, so this recomputes exactly what the
// *.paths.test files replay; a replay fails when the view's machine leaves the planned path.
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { WORKFLOWS } from '../../src/machines/registry';
import { allStates, allTransitions, planPaths, reachedBy } from '../../src/workflows/paths';

const isMachine = (v: unknown): v is AnyStateMachine =>
  typeof v === 'object' && v !== null && 'root' in v && 'getTransitionData' in v;

const machines = Object.entries(
  import.meta.glob(['/src/machines/**/*.machine.ts', '/src/sections/**/*.machine.ts'], { eager: true }),
).flatMap(([file, mod]) =>
  Object.values(mod as Record<string, unknown>)
    .filter(isMachine)
    .map((machine) => ({ file, machine })),
);
const plans = WORKFLOWS.flatMap((w) => w.plans.map((p) => p.plan));
const replays = Object.keys(import.meta.glob('./*.paths.test.{ts,tsx}'));
/**
 * A machine's replay is named for its file: src/sections/roles/roles.machine.ts → roles.paths.test.tsx;
 * a Broker Research tab's carries the section too (broker-research-requests.paths.test.tsx).
 */
const stemOf = (file: string) => {
  const [, section, name] = /\/(?:(broker-research)\/[^/]+\/)?([^/]+)\.machine\.ts$/.exec(file)!;
  return section ? `${section}-${name}` : name!;
};

describe('machine coverage by generated paths', () => {
  it('finds the machines', () => {
    expect(machines.length).toBeGreaterThan(0);
  });

  it('registers every machine for the workflow viewer (src/machines/registry.ts)', () => {
    const registered = new Set(WORKFLOWS.map((w) => w.machine));
    expect(
      machines.filter((m) => !registered.has(m.machine)).map((m) => `${m.machine.id} (${m.file.slice(1)})`),
    ).toEqual([]);
  });

  for (const { file, machine } of machines) {
    describe(`${machine.id} (${file})`, () => {
      const own = plans.filter((p) => p.machine === machine);
      const reach = () => {
        const all = own.map((p) => reachedBy(planPaths(p), machine));
        return {
          states: new Set(all.flatMap((r) => [...r.states])),
          transitions: new Set(all.flatMap((r) => [...r.transitions])),
        };
      };

      it('has a plan and a replay test', () => {
        const stem = stemOf(file);
        expect(own.length, `plans of ${machine.id} in src/machines/registry.ts`).toBeGreaterThan(0);
        expect(
          replays.some((r) => r.includes(`/${stem}.paths.test.`)),
          `tests/machines/${stem}.paths.test.tsx`,
        ).toBe(true);
      });

      it('reaches every state', () => {
        const reached = reach();
        expect(allStates(machine).filter((s) => !reached.states.has(s))).toEqual([]);
      });

      it('takes every transition', () => {
        const reached = reach();
        expect(allTransitions(machine).filter((t) => !reached.transitions.has(t))).toEqual([]);
      });
    });
  }
});
