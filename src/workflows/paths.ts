// Paths generated from a machine's graph (xstate/graph), shared by the path tests
// (tests/machines/*.paths.test.tsx replay them on the real views) and the workflow viewer (its
// "Test plan" lists them). createTestModel refuses machines with invoke/after, so the graph is
// walked here with the service outcomes supplied as events (xstate.done.actor.<id> with an
// output, or xstate.error.actor.<id>) and the machine's own delayed events (xstate.after.*).
//
// Generation is deterministic: a candidate per edge of the walk (the shortest path to a distinct
// state, then one event), minus prefixes of another; then, longest first, a candidate is kept only
// when it shows something no kept path shows: a distinct state (as the plan's serializeState
// tells them apart), a transition, or a transition with another service outcome (decision 074).
// So the coverage test can recompute exactly what the replays walk, without replaying.
import {
  createActor,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
} from 'xstate';
import { getAdjacencyMap, getShortestPaths, getStateNodes } from 'xstate/graph';
import { inertMachine, NEVER_FIRES } from './inert';
import type { MachinePlan, PlannedPath } from './plan';

export type { MachinePlan, Outcome, PlannedPath, PlannedStep } from './plan';

export const isOutcomeEvent = (e: AnyEventObject) =>
  e.type.startsWith('xstate.done.actor.') || e.type.startsWith('xstate.error.actor.');
export const isDelayEvent = (e: AnyEventObject) => e.type.startsWith('xstate.after.');

/** 'active.watching' for { active: 'watching' }; parallel regions joined with '+'. */
export function stateKey(value: unknown): string {
  if (typeof value === 'string') return value;
  const entries = Object.entries(value as Record<string, unknown>);
  return entries
    .map(([k, v]) => {
      const inner = stateKey(v);
      return inner.includes('+') && entries.length === 1 ? `${k}.(${inner})` : `${k}.${inner}`;
    })
    .join('+');
}

/** Every state node of the machine by id, root excluded. */
export function allStates(machine: AnyStateMachine): string[] {
  return getStateNodes(machine.root).map((n) => n.id);
}

/** Atomic states a machine can rest in, as state keys (what a person can be looking at). */
export function atomicStateKeys(machine: AnyStateMachine): string[] {
  const passesThrough = (n: AnyStateNode) => (n.always ?? []).some((t) => !t.guard);
  return getStateNodes(machine.root)
    .filter((n) => (n.type === 'atomic' || n.type === 'final') && !passesThrough(n))
    .map((n) => n.path.join('.'));
}

/** A state node's own transitions: evented ones in declaration order, then eventless ones. */
export function transitionsOf(node: AnyStateNode): AnyTransitionDefinition[] {
  return [...node.transitions.values()].flat().concat(node.always ?? []);
}

/** Stable name of a transition: source#event[index]. */
export function transitionKey(t: AnyTransitionDefinition): string {
  const list = t.eventType ? (t.source.transitions.get(t.eventType) ?? []) : (t.source.always ?? []);
  const index = list.indexOf(t);
  return `${t.source.id}#${t.eventType || 'always'}[${index}]`;
}

export function allTransitions(machine: AnyStateMachine): string[] {
  return [machine.root, ...getStateNodes(machine.root)].flatMap((n) => transitionsOf(n).map(transitionKey));
}

/** Delayed events of every state node (xstate.after.<delay>.<id>). */
export function delayedEvents(machine: AnyStateMachine): AnyEventObject[] {
  return getStateNodes(machine.root).flatMap((n) => n.after.map((t) => ({ type: t.eventType })));
}

/** Every event the walk may offer: the plan's events and outcomes, then the machine's timers. */
export function candidateEvents(plan: MachinePlan): AnyEventObject[] {
  return [...plan.events, ...plan.outcomes.map((o) => o.event), ...delayedEvents(plan.machine)];
}

/** The candidates some transition takes in this snapshot and a person could cause there. */
export function enabledEvents(
  plan: MachinePlan,
  snapshot: AnyMachineSnapshot,
  candidates = candidateEvents(plan),
): AnyEventObject[] {
  return candidates.filter(
    (e) =>
      plan.machine.getTransitionData(snapshot, e as never).length > 0 && (plan.filterEvents?.(snapshot, e) ?? true),
  );
}

/** Runs events through an inert actor (no services, timers that never fire) and records microsteps. */
function simulate(
  machine: AnyStateMachine,
  input: unknown,
  events: AnyEventObject[],
  serializeState: (s: AnyMachineSnapshot) => string,
) {
  const record: string[][] = [[]];
  const actor = createActor(inertMachine(machine), {
    input,
    clock: NEVER_FIRES,
    // Only the machine itself takes microsteps (its services here are inert promises).
    inspect: (ev) => {
      if (ev.type === '@xstate.microstep') {
        const ts = (ev as unknown as { _transitions: AnyTransitionDefinition[] })._transitions;
        record[record.length - 1]!.push(...ts.map(transitionKey));
      }
    },
  });
  actor.start();
  const states = [stateKey(actor.getSnapshot().value)];
  const distinct = [serializeState(actor.getSnapshot())];
  for (const event of events) {
    record.push([]);
    actor.send(event);
    states.push(stateKey(actor.getSnapshot().value));
    distinct.push(serializeState(actor.getSnapshot()));
  }
  actor.stop();
  return { states, record, distinct };
}

function describeEvent(e: AnyEventObject): string {
  if (isDelayEvent(e)) return `after ${e.type.split('.')[2]}`;
  const { type, ...payload } = e;
  const values = Object.values(payload).map((v) => JSON.stringify(v));
  return values.length ? `${type}(${values.join(', ')})` : type;
}

/** xstate/graph's options for a plan: its input, its enabled events, its notion of "same state". */
export function graphOptions(plan: MachinePlan) {
  const candidates = candidateEvents(plan);
  const serializeState = plan.serializeState ?? ((s: AnyMachineSnapshot) => JSON.stringify(s.value));
  const events = (s: AnyMachineSnapshot) => enabledEvents(plan, s, candidates);
  return {
    serializeState,
    options: { input: plan.input, events, serializeState: (s: AnyMachineSnapshot) => serializeState(s) } as never,
  };
}

/** The shortest event sequence to every distinct state of the walk. */
export function shortestSequences(plan: MachinePlan): { state: AnyMachineSnapshot; events: AnyEventObject[] }[] {
  const { options } = graphOptions(plan);
  return getShortestPaths(plan.machine, options).map((p) => ({
    state: p.state as AnyMachineSnapshot,
    events: p.steps.map((s) => s.event as AnyEventObject).filter((e) => e.type !== 'xstate.init'),
  }));
}

export function planPaths(plan: MachinePlan): PlannedPath[] {
  const { machine } = plan;
  const { serializeState, options } = graphOptions(plan);

  const shortest = new Map<string, AnyEventObject[]>();
  for (const p of shortestSequences(plan)) shortest.set(serializeState(p.state), p.events);
  const adjacency = getAdjacencyMap(machine, options) as unknown as Record<
    string,
    { state: AnyMachineSnapshot; transitions: Record<string, { event: AnyEventObject }> }
  >;
  const sequences: AnyEventObject[][] = [];
  for (const { state, transitions } of Object.values(adjacency)) {
    const head = shortest.get(serializeState(state));
    if (!head) continue;
    for (const { event } of Object.values(transitions)) sequences.push([...head, event]);
  }
  const key = (seq: AnyEventObject[]) => seq.map((e) => JSON.stringify(e)).join('\u0000');
  const keys = sequences.map(key);
  const kept = sequences.filter((seq, i) => {
    const k = keys[i]!;
    return !keys.some((other, j) => j !== i && (other.startsWith(`${k}\u0000`) || (other === k && j < i)));
  });

  // A machine that rests in its first state still has one (empty) walk.
  if (!kept.length) kept.push([]);
  const outcomeName = new Map(plan.outcomes.map((o) => [JSON.stringify(o.event), o.name]));
  const candidates = kept.map((seq) => {
    const { states, record, distinct } = simulate(machine, plan.input, seq, serializeState);
    const path: PlannedPath = {
      name: seq.map((e) => outcomeName.get(JSON.stringify(e)) ?? describeEvent(e)).join(' → '),
      initial: states[0]!,
      initialTransitions: record[0]!,
      steps: seq.map((event, i) => ({
        event,
        state: states[i + 1]!,
        outcome: outcomeName.get(JSON.stringify(event)),
        transitions: record[i + 1]!,
      })),
    };
    const shows = [
      ...distinct.map((d) => `state ${d}`),
      ...record[0]!.map((t) => `took ${t}`),
      ...path.steps.flatMap((s) => s.transitions.map((t) => `took ${t} ${s.outcome ?? ''}`)),
    ];
    return { path, shows };
  });
  return coveringPaths(candidates);
}

/**
 * The candidates that, taken longest first, each show something new; in their first order.
 * Two walks that differ only in which edge led to an already-seen state check nothing more.
 */
function coveringPaths(candidates: { path: PlannedPath; shows: string[] }[]): PlannedPath[] {
  const shown = new Set<string>();
  const keep = new Set<PlannedPath>();
  const longestFirst = [...candidates].sort((a, b) => b.path.steps.length - a.path.steps.length);
  for (const { path, shows } of longestFirst) {
    if (shows.every((s) => shown.has(s))) continue;
    shows.forEach((s) => shown.add(s));
    keep.add(path);
  }
  return candidates.map((c) => c.path).filter((p) => keep.has(p));
}

/** States and transitions the planned paths reach, for the coverage test and the viewer's figures. */
export function reachedBy(paths: PlannedPath[], machine: AnyStateMachine) {
  const transitions = new Set<string>();
  const leaves = new Set<string>();
  for (const p of paths) {
    leaves.add(p.initial);
    p.initialTransitions.forEach((t) => transitions.add(t));
    for (const s of p.steps) {
      leaves.add(s.state);
      s.transitions.forEach((t) => transitions.add(t));
    }
  }
  // A state is reached when a reached leaf lies in it, or a taken transition leaves it
  // (states passed through by eventless transitions are never a leaf).
  const states = new Set<string>([...transitions].map((t) => t.split('#')[0]!));
  for (const node of getStateNodes(machine.root)) {
    const prefix = node.path.join('.');
    if ([...leaves].some((leaf) => leaf.split('+').some((part) => part === prefix || part.startsWith(`${prefix}.`))))
      states.add(node.id);
  }
  return { states, transitions };
}
