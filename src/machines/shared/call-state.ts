// A state that calls one of its machine's actors and waits for the answer, written one way in
// every machine: tagged `busy` while the call runs (views lock their controls on that tag), and the
// actor invoked under its own name (the child's id in a snapshot and in the exported diagrams).
// Typed by the machine's setup(): the input is the actor's own and `onDone` reads its output, as
// they are when the invoke is written inline.
import type { AnyActorLogic } from 'xstate';

/** A machine's `setup(...)`, as far as the configs of its states go. */
interface MachineSetup {
  createStateConfig: (config: never) => unknown;
}

type InvokeOf<S extends MachineSetup> = Exclude<
  NonNullable<Parameters<S['createStateConfig']>[0]['invoke']>,
  readonly unknown[] | { src: AnyActorLogic }
>;

/** The names of the actors the setup provides. */
type ActorOf<S extends MachineSetup> = Extract<InvokeOf<S>['src'], string>;

/** The invoke of the actor `A` but its names: its input, `onDone`, `onError` (and `onSnapshot`). */
export type CallOf<S extends MachineSetup, A extends string> = Omit<
  Extract<InvokeOf<S>, { src: A }>,
  'id' | 'src' | 'systemId'
>;

/** A calling state's tags: 'busy' among them (its views lock their controls on it). */
type BusyTags = readonly string[];

/** The state calling actor `A`. */
interface CallState<A extends string, C> {
  tags: string[];
  invoke: { id: A; src: A } & C;
}

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/**
 * One signature per actor, so that a call's input and answers are typed by the actor it names
 * (a single generic signature would read them before knowing which actor is meant).
 */
type Calls<S extends MachineSetup> = UnionToIntersection<
  ActorOf<S> extends infer A
    ? A extends string
      ? (actor: A, call: CallOf<S, A>, tags?: BusyTags) => CallState<A, CallOf<S, A>>
      : never
    : never
>;

/**
 * The states that call the actors of the machine set up by `machine` (given only for its types):
 * `const calling = callStates(editorSetup)`, then `loading: calling('loadPage', { input, onDone, onError })`.
 * A state its views also know by tags of their own names all its tags, 'busy' among them, in the
 * order its diagram lists them: `calling('register', { ... }, ['busy', 'submitting'])`.
 */
export const callStates = <S extends MachineSetup>(_machine: S) =>
  (<A extends string, C extends object>(actor: A, call: C, tags: BusyTags = ['busy']): CallState<A, C> => ({
    tags: [...tags],
    invoke: { id: actor, src: actor, ...call },
  })) as Calls<S>;
