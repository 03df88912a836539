// The outcomes of a versioned save, worded the same in every editor: a 400 naming fields puts
// each message at its field of the form (the rest above it); a 409 says someone else saved first
// and the next save starts from the version stored now; anything else is said above the form.
// Each editor keeps its own states and guards' names (its paths and views depend on them) and
// calls these from its actions, so it states only what differs: its fields and its 409 reader.
import { fieldRefusalOf, WHOLE_REQUEST, type FieldMessages } from '../../domain/field-errors';
import { failureMessage, refusalMessage } from './failure';
import { noticeOf } from './notice';

/** Nothing answered yet: no field refused, no conflict, no failure, no notice (an editor's first context). */
export const NOTHING_ANSWERED = { serverErrors: {}, conflict: null, error: null, notice: null } as const;

/** Guard: the call was refused with fields named (HTTP 400). Params: the error. */
export const refusedFields = (_: unknown, error: unknown) => fieldRefusalOf(error) !== null;

/** A refused save split for the form: messages at the form's own fields, and what is left for above it. */
export interface RefusedSave {
  serverErrors: FieldMessages;
  msg: string;
  rest: string[];
}

export function refusedSaveOf(error: unknown, isFormField: (key: string) => boolean): RefusedSave {
  const refusal = fieldRefusalOf(error)!;
  const serverErrors = Object.fromEntries(Object.entries(refusal.fields).filter(([k]) => isFormField(k)));
  const rest = Object.entries(refusal.fields)
    .filter(([k]) => !(k in serverErrors))
    .map(([k, m]) => (k === WHOLE_REQUEST ? m : `${k}: ${m}`));
  return { serverErrors, msg: refusal.msg, rest };
}

/** What is said above the form: nothing when every message stands at a field of it. */
export const aboveTheForm = ({ serverErrors, msg, rest }: RefusedSave): string | null =>
  Object.keys(serverErrors).length > 0 && rest.length === 0 ? null : [msg, ...rest].join(' ');

/** The save's 400 as a form's context takes it. */
export function refusedSave(error: unknown, isFormField: (key: string) => boolean) {
  const refused = refusedSaveOf(error, isFormField);
  return { serverErrors: refused.serverErrors, formError: aboveTheForm(refused) };
}

/** The next step after a 409, when the record is still there and when it went. */
export const MEANWHILE_WORDS = {
  again: 'Save again to replace it with yours, or Cancel to keep theirs.',
  gone: 'Cancel to return to the list.',
};

/** Someone else saved (or deleted) it first: said, and the next save starts from their version. */
export function savedMeanwhile<F extends { version: number }>(
  msg: string,
  current: { version: number } | null,
  form: F | null,
  words = MEANWHILE_WORDS,
): { formError: string; form: F | null } {
  return {
    formError: `${msg} ${current ? words.again : words.gone}`,
    form: current ? { ...form!, version: current.version } : form,
  };
}

/**
 * A versioned form's `meanwhile` from the section's 409 reader: the stale reply's message, and the
 * next save from the version stored now (none when the record went).
 */
export const meanwhileOf =
  (conflictOf: (error: unknown) => { msg: string; current?: { version: number } | null } | null) =>
  <F extends { version: number }>(context: { form: F | null }, error: unknown) => {
    const conflict = conflictOf(error)!;
    return savedMeanwhile(conflict.msg, conflict.current ?? null, context.form);
  };

/**
 * A failed call's words from the section's 409 reader: the conflict's own message, else `prefix`
 * and why (a guard refusal, or no answer).
 */
export const failedTextOf =
  (conflictOf: (error: unknown) => { msg: string } | null) => (error: unknown, prefix: string) =>
    conflictOf(error)?.msg ?? `${prefix} ${refusalMessage(error)}`;

/**
 * A save refused for anything but a conflict, said in a red notice: a refusal (400) in its own
 * words, with the server's message at each field it names; a call that failed otherwise with the
 * section's `words` (such as 'Something went wrong.') and why.
 */
export const refusalNotice = (words: string, error: unknown) => {
  const refusal = fieldRefusalOf(error);
  return {
    serverErrors: refusal?.fields ?? {},
    notice: noticeOf(false, refusal ? refusal.msg : `${words} ${failureMessage(error)}`),
  };
};
