// A form that stays on its page (the Control Panel's flag sets, Redshift's configuration; its view
// is `StayingFormActions` with `SavedMeanwhileNote`): what is stored, the form on screen, the
// values the form started from and the version it saves from. A read, a save or Discard changes
// shows what is stored; someone else saving first shows theirs as stored while the form keeps this
// person's, so that saving again replaces theirs.
import { noticeOf } from './notice';

/** What is stored, shown in the form: the form starts again from it, at its version. */
export const storedShown = <S extends { version: number }, V>(stored: S, values: V) => ({
  stored,
  form: values,
  base: values,
  version: stored.version,
});

/** Discard changes: back to what is stored now (theirs, after a conflict), nothing said. */
export const discarded = <S extends { version: number }, V>(stored: S, values: V) => ({
  ...storedShown(stored, values),
  conflict: null,
  serverErrors: {},
  notice: null,
});

/** Saved: what the server stored is shown, and its words said. */
export const savedShown = <S extends { version: number }, V>(stored: S, values: V, words: string) => ({
  ...storedShown(stored, values),
  conflict: null,
  notice: noticeOf(true, words),
});

/**
 * Someone else saved first (`stale`: their message and what is stored now, `values` its values):
 * theirs becomes what the form started from, the conflict says what they `changed`, and the
 * section's `words` are said in red. The form keeps what this person changed.
 */
export const theirsShown = <S extends { version: number }, V, K>(
  stale: { msg: string; current: S },
  values: V,
  changed: K,
  words: string,
) => ({
  stored: stale.current,
  base: values,
  version: stale.current.version,
  conflict: { msg: stale.msg, current: stale.current, changed },
  notice: noticeOf(false, words),
});
