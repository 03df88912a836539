// Where a reviewed list's page read leads (invite requests, research submissions): a dialog kept
// across a reload (guard `draftReopens` over the page) opens again over the page, else the rows
// show; the machine's `showPage` action takes the page either way.
import { assign, type DoneActorEvent, type EventObject, type MachineContext } from 'xstate';

const pageOf = <O>({ event }: { event: DoneActorEvent<O> }) => event.output;

/**
 * The `onDone` of the page read: to `reopened` with what `reopen` changes, else to `browsing`.
 * Given the machine's context, events and page first: `reviewPageRead<Context, Event, Page>()(...)`.
 */
export const reviewPageRead =
  <C extends MachineContext, E extends EventObject, O>() =>
  <T extends string>(reopened: T, reopen: (context: C, page: O) => Partial<C>) => {
    const showPage = { type: 'showPage' as const, params: pageOf<O> };
    return [
      {
        guard: { type: 'draftReopens' as const, params: pageOf<O> },
        target: reopened,
        actions: [
          assign<C, DoneActorEvent<O>, undefined, E, never>(({ context, event }) => reopen(context, event.output)),
          showPage,
        ],
      },
      { target: 'browsing', actions: showPage },
    ];
  };
