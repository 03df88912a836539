// A tab of a record's page read afresh each time it opens (the edit page's Administrator
// privileges and Sessions): it reads in `loading`, and a read that fails waits in `failed`, saying
// why in red in the tab's one line (`message`), where Retry reads it again with the line cleared.
import { assign, type ErrorActorEvent, type EventObject, type MachineContext } from 'xstate';
import { failureMessage } from './failure';
import { noticeOf, type Notice } from './notice';

/** What every such tab keeps in its machine's context: the line it shows. */
export interface TabReadContext extends MachineContext {
  message: Notice | null;
}

/**
 * The `onError` of the tab's read and the `failed` state it leads to, left by the `retry` event.
 * Given the machine's context and events first: `tabReadStates<Context, Event>()(retry)`.
 */
export const tabReadStates =
  <C extends TabReadContext, E extends EventObject>() =>
  <R extends E['type']>(retry: R) => {
    const retried = {
      target: 'loading' as const,
      actions: assign<C, E, undefined, E, never>({ message: null } as Partial<C>),
    };
    return {
      onError: {
        target: 'failed' as const,
        actions: assign<C, ErrorActorEvent, undefined, E, never>(
          ({ event }) => ({ message: noticeOf(false, failureMessage(event.error)) }) as Partial<C>,
        ),
      },
      failed: { on: { [retry]: retried } as Record<R, typeof retried> },
    };
  };

/** What the tab's view reads of its read: reading, failed, and its line. */
export const tabReadView = (s: { matches: (state: 'loading' | 'failed') => boolean; context: TabReadContext }) => ({
  loading: s.matches('loading'),
  failed: s.matches('failed'),
  message: s.context.message,
});
