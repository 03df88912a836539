// Path-based tests generated from a machine's graph (xstate/graph), replayed against the real
// view. createTestModel refuses machines with invoke/after, so the graph is walked here with the
// service outcomes supplied as events (xstate.done.actor.<id> with an output, or
// xstate.error.actor.<id>) and the machine's own delayed events (xstate.after.*) let through.
//
// Generation is deterministic: one path per reachable transition (the shortest path to its
// source state, then the transition), minus paths that are a prefix of another. So the coverage
// test can recompute exactly what the replays walk, without replaying.
import {
  createActor, fromPromise, type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine, type AnyStateNode,
  type AnyTransitionDefinition,
} from 'xstate';
import { getAdjacencyMap, getShortestPaths, getStateNodes } from 'xstate/graph';

export interface Outcome {
  /** Name the replay arranges the world by ('badCredentials', 'blocked' …). */
  name: string;
  event: AnyEventObject;
}

export interface MachinePlan<M extends AnyStateMachine = AnyStateMachine> {
  machine: M;
  input?: unknown;
  /** Person and environment events with representative payloads. */
  events: AnyEventObject[];
  /** Service results the graph may take (each one a way the real server can answer). */
  outcomes: Outcome[];
  /** What makes two snapshots different states for the walk; the state value by default. */
  serializeState?: (snapshot: AnyMachineSnapshot) => string;
  /** Events a person cannot send in a state although the machine would take them. */
  filterEvents?: (snapshot: AnyMachineSnapshot, event: AnyEventObject) => boolean;
}

export interface PlannedStep {
  event: AnyEventObject;
  /** Leaf state key after the step, e.g. 'active.watching'. */
  state: string;
  /** Outcome name when the event is a service result. */
  outcome?: string;
  /** Transitions taken (source#event[i]), eventless ones included. */
  transitions: string[];
}

export interface PlannedPath {
  /** Readable name: the events in order. */
  name: string;
  initial: string;
  initialTransitions: string[];
  steps: PlannedStep[];
}

export const isOutcomeEvent = (e: AnyEventObject) => e.type.startsWith('xstate.done.actor.') || e.type.startsWith('xstate.error.actor.');
export const isDelayEvent = (e: AnyEventObject) => e.type.startsWith('xstate.after.');

/** 'active.watching' for { active: 'watching' }; parallel regions joined with '+'. */
export function stateKey(value: unknown): string {
  if (typeof value === 'string') return value;
  const entries = Object.entries(value as Record<string, unknown>);
  return entries.map(([k, v]) => {
    const inner = stateKey(v);
    return inner.includes('+') && entries.length === 1 ? `${k}.(${inner})` : `${k}.${inner}`;
  }).join('+');
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

function transitionsOf(node: AnyStateNode): AnyTransitionDefinition[] {
  return [...node.transitions.values()].flat().concat(node.always ?? []);
}

/** Stable name of a transition: source#event[index]. */
export function transitionKey(t: AnyTransitionDefinition): string {
  const list = t.eventType ? t.source.transitions.get(t.eventType) ?? [] : t.source.always ?? [];
  const index = list.indexOf(t);
  return `${t.source.id}#${t.eventType || 'always'}[${index}]`;
}

export function allTransitions(machine: AnyStateMachine): string[] {
  return [machine.root, ...getStateNodes(machine.root)].flatMap((n) => transitionsOf(n).map(transitionKey));
}

/** Delayed events of every state node (xstate.after.<delay>.<id>). */
function delayedEvents(machine: AnyStateMachine): AnyEventObject[] {
  return getStateNodes(machine.root).flatMap((n) => n.after.map((t) => ({ type: t.eventType })));
}

/** Runs events through an inert actor (no services, timers that never fire) and records microsteps. */
function simulate(machine: AnyStateMachine, input: unknown, events: AnyEventObject[]) {
  const inert = machine.provide({
    actors: Object.fromEntries(Object.keys(machine.implementations.actors).map((k) => [k, never])),
  });
  const record: string[][] = [[]];
  const actor = createActor(inert, {
    input,
    clock: { setTimeout: () => 0, clearTimeout: () => {} },
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
  for (const event of events) {
    record.push([]);
    actor.send(event);
    states.push(stateKey(actor.getSnapshot().value));
  }
  actor.stop();
  return { states, record };
}

// An actor that never answers: the walk supplies outcomes itself.
const never = fromPromise(() => new Promise<never>(() => {}));

function describeEvent(e: AnyEventObject): string {
  if (isDelayEvent(e)) return `after ${e.type.split('.')[2]}`;
  const { type, ...payload } = e;
  const values = Object.values(payload).map((v) => JSON.stringify(v));
  return values.length ? `${type}(${values.join(', ')})` : type;
}

export function planPaths(plan: MachinePlan): PlannedPath[] {
  const { machine } = plan;
  const candidates = [...plan.events, ...plan.outcomes.map((o) => o.event), ...delayedEvents(machine)];
  const serializeState = plan.serializeState ?? ((s: AnyMachineSnapshot) => JSON.stringify(s.value));
  const events = (s: AnyMachineSnapshot) =>
    candidates.filter((e) => machine.getTransitionData(s, e as never).length > 0 && (plan.filterEvents?.(s, e) ?? true));
  const options = { input: plan.input, events, serializeState: (s: AnyMachineSnapshot) => serializeState(s) } as never;

  const shortest = new Map<string, AnyEventObject[]>();
  for (const p of getShortestPaths(machine, options)) {
    shortest.set(serializeState(p.state as AnyMachineSnapshot), p.steps.map((s) => s.event as AnyEventObject).filter((e) => e.type !== 'xstate.init'));
  }
  const adjacency = getAdjacencyMap(machine, options) as unknown as Record<string, { state: AnyMachineSnapshot; transitions: Record<string, { event: AnyEventObject }> }>;
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
  return kept.map((seq) => {
    const { states, record } = simulate(machine, plan.input, seq);
    return {
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
  });
}

/** States and transitions the planned paths reach, for the coverage test. */
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
    if ([...leaves].some((leaf) => leaf.split('+').some((part) => part === prefix || part.startsWith(`${prefix}.`)))) states.add(node.id);
  }
  return { states, transitions };
}
