// A machine with nothing left that reaches outside it: every service is an actor that never
// answers and every custom action does nothing. Built-in actions (assign, raise, …) stay, since
// the machine's own context changes with them, and guards stay, since they only read context and
// event and decide which branch an outcome takes. Used by the path generator and the simulator.
import { fromPromise, type AnyStateMachine } from 'xstate';

const never = fromPromise(() => new Promise<never>(() => {}));
const nothing = () => {};

/** Built-in actions (assign, raise, sendTo, enqueueActions …) carry a resolve step; custom ones do not. */
const isBuiltIn = (action: unknown) => typeof action === 'function' && 'resolve' in action;

export function inertMachine<M extends AnyStateMachine>(machine: M): M {
  const { actors, actions } = machine.implementations as {
    actors: Record<string, unknown>;
    actions: Record<string, unknown>;
  };
  return machine.provide({
    actors: Object.fromEntries(Object.keys(actors).map((k) => [k, never])),
    actions: Object.fromEntries(
      Object.entries(actions)
        .filter(([, a]) => !isBuiltIn(a))
        .map(([k]) => [k, nothing]),
    ),
  } as never) as M;
}

/** A clock whose timers never fire: delayed events are taken only when sent. */
export const NEVER_FIRES = { setTimeout: () => 0, clearTimeout: () => {} } as const;
