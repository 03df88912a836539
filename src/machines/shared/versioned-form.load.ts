// An editor's list load, the same in every editor that lists its records at once: the records are
// read (through the editor's `storeList`), and a form kept from before a reload (guard `formOpen`,
// decision 042) opens again once they are there; a failure is said, and Retry reads again (the
// list states every list has, decision 077).
import type { EventObject } from 'xstate';
import { failureMessage } from './failure';
import { listStates, type ListContext } from './list-states';

interface LoadOptions<C, TLoad extends string, TRetry extends string, I> {
  /** The load actor (its invoke id too). */
  load: TLoad;
  /** What the load actor is given, when anything. */
  input?: (context: C) => I;
  /** The event that reads again after a failure. */
  retry: TRetry;
}

/**
 * The `loading` and `failed` states of an editor whose list state is `listed` and form state `form`.
 * Given the machine's context and events first: `...listLoad<Context, Event>()({ ... })`.
 */
export const listLoad =
  <C extends ListContext, E extends EventObject>() =>
  <TLoad extends string, TRetry extends E['type'], I = undefined>(o: LoadOptions<C, TLoad, TRetry, I>) => {
    // A load that takes nothing is invoked without input.
    const withInput = (o.input ? { input: ({ context }: { context: C }) => o.input!(context) } : {}) as {
      input: (args: { context: C }) => I;
    };
    const list = listStates<C, E>()({ retry: o.retry, failure: failureMessage });
    return {
      loading: {
        tags: ['busy'],
        invoke: {
          id: o.load,
          src: o.load,
          ...withInput,
          onDone: [
            { guard: 'formOpen' as const, target: 'form', actions: 'storeList' as const },
            { target: 'listed', actions: 'storeList' as const },
          ],
          onError: list.onError,
        },
      },
      failed: list.failed,
    };
  };
