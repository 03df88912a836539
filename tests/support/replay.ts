// Replays a planned path against the real view: person events are performed with
// testing-library, service results come from the real server in-process, delays advance the
// fake clock. After every step the live actor must be in the planned state, and the state's
// expectation (what a person sees) must hold. A state without an expectation fails the test.
import { act, screen } from '@testing-library/react';
import { vi } from 'vitest';
import type { AnyActorRef, AnyEventObject, AnyStateMachine, AnyStateNode } from 'xstate';
import { getStateNodes } from 'xstate/graph';
import {
  atomicStateKeys,
  isDelayEvent,
  isOutcomeEvent,
  stateKey,
  type PlannedPath,
  type PlannedStep,
} from '../../src/workflows/paths';
import { sleepReal } from './real-timers';
import type { ServerBridge } from './server-bridge';

export interface StepContext<W> {
  step: PlannedStep;
  /** The step after this one, when the path goes on (its outcome tells what to arrange). */
  next: PlannedStep | undefined;
  world: W;
  actor: AnyActorRef;
}

export interface Driver<W> {
  machine: AnyStateMachine;
  /** The server connection; absent for machines that call no service. */
  bridge: ServerBridge | null;
  world: W;
  /** Renders the view; called once the first step's outcome is arranged (it may be the page load's). */
  mount?: () => Promise<void>;
  /** The actor the view runs (not a copy). */
  actor(): AnyActorRef;
  /** Path of the call each service makes; only those calls are held while a state waits. */
  calls?: Record<string, string>;
  /** How a person (or the page's environment) causes each non-service event. */
  perform: Record<string, (ctx: StepContext<W>) => Promise<void>>;
  /** Prepares the world so the next service call answers with the named outcome. */
  arrange?: Record<string, (ctx: StepContext<W>) => Promise<void>>;
  /** Undoes an arrangement once its outcome has arrived. */
  afterOutcome?: Record<string, (ctx: StepContext<W>) => Promise<void>>;
  /** What a person sees in each atomic state. */
  expectations: Record<
    string,
    (s: typeof screen, ctx: { world: W; actor: AnyActorRef; step: PlannedStep | undefined }) => void | Promise<void>
  >;
}

/** Lets React render what the actors did. */
export async function flush(): Promise<void> {
  await act(async () => {
    await sleepReal(0);
  });
}

async function waitForState(
  actor: AnyActorRef,
  expected: string,
  bridge: ServerBridge | null,
  timeoutMs = 10_000,
): Promise<void> {
  const started = performance.now();
  for (;;) {
    await flush();
    const actual = stateKey(actor.getSnapshot().value);
    if (actual === expected) return;
    if (performance.now() - started > timeoutMs) {
      const context = JSON.stringify(actor.getSnapshot().context)?.slice(0, 400);
      throw new Error(
        `expected state '${expected}' but the view's machine is in '${actual}' with ${context} (${bridge?.pending() ?? 0} calls on their way)`,
      );
    }
    await sleepReal(5);
  }
}

/** Time in ms of a delayed event, read from the machine's named delays and the live context. */
function delayOf(machine: AnyStateMachine, event: AnyEventObject, actor: AnyActorRef): number {
  const name = event.type.split('.')[2] ?? '';
  const delay = (machine.implementations.delays as Record<string, unknown>)[name];
  if (typeof delay === 'number') return delay;
  if (typeof delay === 'function')
    return (delay as (a: unknown) => number)({ context: actor.getSnapshot().context, event });
  if (/^\d+$/.test(name)) return Number(name);
  throw new Error(`no delay named '${name}' in ${machine.id}`);
}

export function assertExpectationsComplete(machine: AnyStateMachine, expectations: Record<string, unknown>): void {
  const missing = atomicStateKeys(machine).filter((k) => !(k in expectations));
  if (missing.length) throw new Error(`${machine.id}: no expectation for state(s) ${missing.join(', ')}`);
}

/** Ids of the services whose answers the machine waits for (invokes with an onDone). */
function promiseServices(machine: AnyStateMachine): Set<string> {
  const ids = new Set<string>();
  for (const node of [machine.root, ...getStateNodes(machine.root)]) {
    for (const type of node.transitions.keys()) {
      if (type.startsWith('xstate.done.actor.')) ids.add(type.slice('xstate.done.actor.'.length));
    }
  }
  return ids;
}

/** The services the state (or an ancestor) waits on. */
function servicesWaitedOn(machine: AnyStateMachine, key: string, services: Set<string>): string[] {
  const ids: string[] = [];
  for (
    let n: AnyStateNode | undefined = machine.getStateNodeById(`${machine.id}.${key.split('+')[0]}`);
    n;
    n = n.parent
  ) {
    ids.push(...n.invoke.filter((i) => services.has(i.id)).map((i) => i.id));
  }
  return ids;
}

const inertBridge = { hold() {}, release() {}, pending: () => 0 } as unknown as ServerBridge;

export async function replayPath<W>(path: PlannedPath, driver: Driver<W>): Promise<string[]> {
  const { machine } = driver;
  const bridge = driver.bridge ?? inertBridge;
  assertExpectationsComplete(machine, driver.expectations);
  const services = promiseServices(machine);
  const seen: string[] = [];
  const check = async (key: string, step?: PlannedStep) => {
    await waitForState(driver.actor(), key, bridge);
    await driver.expectations[key]!(screen, { world: driver.world, actor: driver.actor(), step });
    seen.push(key);
  };
  // A state that waits on a service is looked at while the server's answer is held back.
  const holdIfWaiting = (key: string) => {
    const ids = servicesWaitedOn(machine, key, services);
    if (!ids.length) return;
    const calls = driver.calls;
    bridge.hold(calls ? ids.map((id) => calls[id] ?? '/') : undefined);
  };

  const first = path.steps[0];
  if (first?.outcome)
    await driver.arrange?.[first.outcome]?.({
      step: first,
      next: first,
      world: driver.world,
      actor: undefined as never,
    });
  holdIfWaiting(path.initial);
  await driver.mount?.();
  await check(path.initial);
  for (const [i, step] of path.steps.entries()) {
    const ctx: StepContext<W> = { step, next: path.steps[i + 1], world: driver.world, actor: driver.actor() };
    if (isOutcomeEvent(step.event)) {
      if (ctx.next?.outcome) await driver.arrange?.[ctx.next.outcome]?.(ctx);
      bridge.release();
      holdIfWaiting(step.state);
      await waitForState(driver.actor(), step.state, bridge);
      if (step.outcome) await driver.afterOutcome?.[step.outcome]?.(ctx);
    } else {
      if (ctx.next?.outcome) await driver.arrange?.[ctx.next.outcome]?.(ctx);
      holdIfWaiting(step.state);
      const perform = driver.perform[step.event.type];
      if (perform) await perform(ctx);
      else if (isDelayEvent(step.event))
        await vi.advanceTimersByTimeAsync(delayOf(machine, step.event, driver.actor()));
      else throw new Error(`${machine.id}: no way to perform '${step.event.type}'`);
    }
    await check(step.state, step);
  }
  bridge.release();
  return seen;
}
