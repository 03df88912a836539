// What the path generator needs to walk a machine: its events with representative payloads and
// the service results the real server can produce. Plans are pure data, kept beside each machine
// (src/machines/<flow>/<flow>.plan.ts), so the tests and the workflow viewer walk the same graph.
import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from 'xstate';

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

/** The event of a service that answered with `output` (an outcome's event). */
export const doneEvent = (id: string, output: unknown): AnyEventObject => ({ type: `xstate.done.actor.${id}`, output });
/** The event of a service that got no answer: the server unreachable. */
export const failedEvent = (id: string): AnyEventObject => ({ type: `xstate.error.actor.${id}`, error: { status: 0 } });
/** The 400 of a service that refused the request at `fields`; its summary `msg` is the first field's words unless given. */
export const refusedEvent = (
  id: string,
  fields: Record<string, string>,
  msg: string = Object.values(fields)[0]!,
): AnyEventObject => ({ type: `xstate.error.actor.${id}`, error: { status: 400, refusal: { msg, fields } } });
/** The 409 of a write someone else got to first: `reply`, the stale answer (its `msg`, what is stored now …). */
export const staleEvent = (id: string, reply: Record<string, unknown>): AnyEventObject => ({
  type: `xstate.error.actor.${id}`,
  error: { status: 409, data: { status: false, ...reply } },
});
/** The 409 of a versioned record's write: the server's `msg` and the record as stored `current`ly. */
export const staleRecordEvent = (id: string, msg: string, current: unknown): AnyEventObject =>
  staleEvent(id, { stale: true, msg, current });
