// The form of a record saved from the version it was read at, one way for every editor: `editing`
// takes the field events (each through the editor's `editField`) until submit or cancel; `saving`
// runs the editor's save actor, then either closes the form or goes back to editing with the
// refusal in this order: fields named (400, guard `refusedFields`) → at them; someone else saved
// first (409, guard `stale`) → said, from their version; anything else → above the form.
// The editor names its events, its save actor, its words, and declares the two guards and the
// `editField`/`closeForm` actions in its setup; the states' names and order are the same for all.
import { assign, type ErrorActorEvent, type EventObject, type MachineContext } from 'xstate';
import { noticeOf, type Notice } from './notice';
import { errorOf } from './failure';

/** What every versioned form keeps in its machine's context. */
export interface VersionedFormContext extends MachineContext {
  form: { version: number } | null;
  /** The server's refusal at each field of the form, until the field changes. */
  serverErrors: Record<string, string>;
  /** Why the last save did not happen, above the form. */
  formError: string | null;
  notice: Notice | null;
}

/** Guard over a 409's body: the section's conflict, of the named kind when one is named. */
export const conflictIs =
  (conflictOf: (error: unknown) => object | null, kind?: string) =>
  (_: unknown, error: unknown): boolean => {
    const conflict = conflictOf(error);
    return conflict !== null && (kind === undefined || kind in conflict);
  };

/** The server's field messages less those the edit answers (a changed field drops its own). */
export const withoutErrors = (errors: Record<string, string>, answered: (key: string) => boolean) =>
  Object.fromEntries(Object.entries(errors).filter(([key]) => !answered(key)));

/**
 * A field of the open form changed: its value set and the server's message at it dropped (or the
 * messages `answered` names, when a field's message is stored under another key or covers others).
 */
export function editedField<C extends VersionedFormContext, K extends keyof NonNullable<C['form']> & string>(
  context: C,
  key: K,
  value: NonNullable<C['form']>[K],
  answered: (errorKey: string) => boolean = (errorKey) => errorKey === key,
): Partial<C> {
  return {
    form: { ...context.form!, [key]: value },
    serverErrors: withoutErrors(context.serverErrors, answered),
  } as Partial<C>;
}

/** What `closeForm` assigns: no form, and nothing said about it. */
export const CLOSED_FORM = { form: null, serverErrors: {}, formError: null } as const;

/** Where Cancel leaves the form for: one state, or the first whose guard holds. */
type CancelTo<G extends string> = string | readonly { guard?: G; target: string }[];

export interface VersionedFormOptions<
  C extends VersionedFormContext,
  TEdit extends string,
  TSave extends string,
  O,
  I,
  G extends string,
> {
  /** The field events, each handled by the editor's `editField` action. */
  edits: readonly TEdit[];
  cancel: CancelTo<G>;
  /** The save actor (its invoke id too). */
  save: TSave;
  /** What the save actor is given: the form unless said otherwise. */
  input?: (context: C) => I;
  /** Where a save leads. */
  saved: string;
  /** What a save's answer changes besides closing the form: its message said, unless said otherwise. */
  savedChanges?: (context: C, output: O) => Partial<C>;
  /** The 400's fields at the form (usually `refusedSave(error, isFormField)`). */
  refused: (error: unknown) => Partial<C>;
  /** The 409: someone else saved first (usually `savedMeanwhile(...)`). */
  meanwhile: (context: C, error: unknown) => Partial<C>;
  /** Anything else, said above the form, in the editor's words. */
  failed: (error: unknown) => string;
}

const noFormError = { formError: null };
const saidSaved = (_: unknown, output: unknown) => ({ notice: noticeOf(true, (output as { msg: string }).msg) });

/**
 * The `form` state of an editor: `editing` ⇄ `saving`, with the save's outcomes in their order.
 * Given the machine's context and events first: `versionedForm<Context, Event>()({ ... })`.
 */
export const versionedForm =
  <C extends VersionedFormContext, E extends EventObject>() =>
  <TEdit extends E['type'], TSave extends string, O = unknown, I = NonNullable<C['form']>, G extends string = never>(
    o: VersionedFormOptions<C, TEdit, TSave, O, I, G>,
  ) => {
    const edit = { actions: 'editField' } as const;
    const cancel =
      typeof o.cancel === 'string'
        ? { target: o.cancel, actions: 'closeForm' as const }
        : o.cancel.map((to) => ({ ...to, actions: 'closeForm' as const }));
    const back = (changes: (context: C, error: unknown) => Partial<C>) =>
      assign<C, ErrorActorEvent, undefined, E, never>(({ context, event }) => changes(context, event.error));
    const savedChanges = (o.savedChanges ?? saidSaved) as (context: C, output: unknown) => Partial<C>;
    return {
      tags: ['form'],
      initial: 'editing',
      states: {
        editing: {
          on: {
            ...(Object.fromEntries(o.edits.map((type) => [type, edit])) as Record<TEdit, typeof edit>),
            'form.submit': {
              target: 'saving',
              actions: assign<C, E, undefined, E, never>(() => noFormError as Partial<C>),
            },
            'form.cancel': cancel,
          },
        },
        saving: {
          tags: ['busy'],
          invoke: {
            id: o.save,
            src: o.save,
            input: ({ context }: { context: C }) => (o.input ? o.input(context) : (context.form as I)),
            onDone: {
              target: o.saved,
              actions: [
                'closeForm' as const,
                assign<C, { type: string; output: unknown }, undefined, E, never>(({ context, event }) =>
                  savedChanges(context, event.output),
                ),
              ],
            },
            onError: [
              {
                guard: { type: 'refusedFields' as const, params: errorOf },
                target: 'editing',
                actions: back((_, error) => o.refused(error)),
              },
              { guard: { type: 'stale' as const, params: errorOf }, target: 'editing', actions: back(o.meanwhile) },
              { target: 'editing', actions: back((_, error) => ({ formError: o.failed(error) }) as Partial<C>) },
            ],
          },
        },
      },
    };
  };
