// How a list's page read ends when it does not answer, one way for every list: a cursor the
// server refuses (stale, from another search) reads the list again from page 1 (guard
// `cursorRefused`, declared by the machine, with the notice its own actions say); anything else
// leads to `failed`, saying why in the list's words, where the retry event reads the page again.
// A page turn goes back into the read when the machine's `hasNext`/`hasPrev` holds.
// The machine keeps writing its `loading` invoke (its actor, its input, where each answer leads):
// those differ from list to list, and the answers are typed by the machine's own actor.
import { assign, type ErrorActorEvent, type EventObject, type MachineContext } from 'xstate';
import { errorOf } from './failure';

/** What every list keeps in its machine's context: why its page could not be read. */
export interface ListContext extends MachineContext {
  error: string | null;
}

/** An action a machine names in its setup, with params read from the machine's context when given. */
export type NamedAction<C> = string | { type: string; params: (args: { context: C }) => unknown };

const TURN_GUARDS = { next: 'hasNext', prev: 'hasPrev', last: 'hasLast' } as const;

/** A page turn's move of the list's cursor: the machine's named actions, or the context's change made here. */
export type PageTurn<C> = readonly NamedAction<C>[] | ((context: C) => Partial<C>);

/** What puts a list back on page 1: the machine's named actions, or the context's change made here. */
export type FirstPage<C> = readonly NamedAction<C>[] | ((context: C, error: unknown) => Partial<C>);

export interface ListOptions<C extends ListContext, TRetry extends string, A extends FirstPage<C>> {
  /** The state that reads the page (its name in the machine). */
  loading?: string;
  /** The state that says the read failed. */
  failed?: string;
  /** The event of the failed state's Retry. */
  retry: TRetry;
  /** What Retry changes as it leaves: the failure's text dropped unless said otherwise; `null`, nothing. */
  retried?: ((context: C) => Partial<C>) | null;
  /** The failed state's tags, where its view reads them. */
  failedTags?: readonly string[];
  /** Why the read failed, in the list's words. */
  failure: (error: unknown) => string;
  /** What a failure also empties besides saying why (rows read before, not to be shown with it). */
  dropped?: Partial<C>;
  /** Where the list has cursors: what puts it back on page 1 when one is refused. */
  refusedCursor?: A;
}

/**
 * The `onError` of a list's page read, the `failed` state it leads to, and the page turns into it.
 * Given the machine's context and events first: `listStates<Context, Event>()({ ... })`.
 */
export const listStates =
  <C extends ListContext, E extends EventObject>() =>
  <TRetry extends E['type'], const A extends FirstPage<C>>(o: ListOptions<C, TRetry, A>) => {
    const loading = o.loading ?? 'loading';
    const failed = o.failed ?? 'failed';
    const errorAssign = (changes: (context: C, error: unknown) => Partial<C>) =>
      assign<C, ErrorActorEvent, undefined, E, never>(({ context, event }) => changes(context, event.error));
    const fail = {
      target: failed,
      actions: errorAssign((_, error) => ({ ...o.dropped, error: o.failure(error) }) as Partial<C>),
    };
    const first = o.refusedCursor;
    const refused = first && {
      guard: { type: 'cursorRefused' as const, params: errorOf },
      target: loading,
      reenter: true,
      actions: (typeof first === 'function' ? errorAssign(first) : first) as A extends readonly unknown[]
        ? A
        : ReturnType<typeof errorAssign>,
    };
    const changeBy = (changes: (context: C) => Partial<C>) =>
      assign<C, E, undefined, E, never>(({ context }) => changes(context));
    const retried = o.retried === undefined ? () => ({ error: null }) as Partial<C> : o.retried;
    const retry = retried ? { target: loading, actions: changeBy(retried) } : { target: loading };
    const on = { [o.retry]: retry } as Record<TRetry, typeof retry>;
    return {
      // Without cursors there is no refused-cursor branch (nor a `cursorRefused` guard to declare).
      onError: (refused ? [refused, fail] : [fail]) as [] extends A
        ? [typeof fail]
        : [NonNullable<typeof refused>, typeof fail],
      failed: o.failedTags ? { tags: o.failedTags, on } : { on },
      /** The Retry alone, for a failed state that takes events of its own: spread where it stands among them. */
      on,
      /** A page turn (`page.next`/`page.prev`/`page.last`): guard `hasNext`/`hasPrev`/`hasLast`, declared by the machine, then the read. */
      turn: <const To extends keyof typeof TURN_GUARDS, const T extends PageTurn<C>>(to: To, move: T) => ({
        guard: TURN_GUARDS[to] as (typeof TURN_GUARDS)[To],
        target: loading,
        actions: (typeof move === 'function' ? changeBy(move) : move) as T extends readonly unknown[]
          ? T
          : ReturnType<typeof changeBy>,
      }),
    };
  };
