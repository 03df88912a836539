import type { SnapshotFrom } from 'xstate';
import { usersErrors, type FieldErrors } from '../../domain/user-rules';
import type { OutboxMessage } from '../../domain/users';
import { accountErrors, isBlank, peopleOf, rowsOver, STEP_ONE_KEY, usernameTaken } from './user-create.form';
import { createDraftOf } from './user-create.draft';
import type { userCreateMachine } from './user-create.machine';

type S = SnapshotFrom<typeof userCreateMachine>;

/** A missing required field is pointed out once the person pressed the button; a wrong value at once. */
function visible(errors: FieldErrors, values: Record<string, unknown>, tried: boolean): FieldErrors {
  if (tried) return errors;
  return Object.fromEntries(
    Object.entries(errors).filter(([field]) => {
      const value = values[field];
      return Array.isArray(value)
        ? value.length > 0
        : typeof value === 'string'
          ? value.trim() !== ''
          : value !== null && value !== undefined;
    }),
  );
}

/** What to keep as a draft now; null: nothing (as opened, or created). */
export const selectDraftToKeep = (s: S) => createDraftOf(s.context, s.hasTag('created'));

export const selectLoading = (s: S) => s.matches('loading');
export const selectLoadError = (s: S) => (s.matches('loadFailed') ? s.context.error : null);
export const selectSetup = (s: S) => s.context.setup;
export const selectOnStepOne = (s: S) => s.hasTag('stepOne');
/** Step two is on screen: editing, refused, being sent, or not sent for want of an answer. */
export const selectOnStepTwo = (s: S) => s.hasTag('stepTwo') || s.hasTag('submitting') || s.matches('failed');
export const selectSubmitting = (s: S) => s.hasTag('submitting');
export const selectCreated = (s: S) => (s.hasTag('created') ? s.context.created : null);
export const selectCreatedMessage = (s: S) => s.context.createdMsg;
export const selectFailure = (s: S) => (s.matches('failed') ? s.context.error : null);
/** What the server refused, shown until the person changes something. */
export const selectRefusal = (s: S) => s.context.refusal;

export const selectAccount = (s: S) => s.context.account;
export const selectAccountErrors = (s: S): FieldErrors => {
  const { account } = s.context;
  const values = { ...account, organization_id: account.org };
  return {
    ...visible(accountErrors(s.context), values, s.context.stepOneTried),
    ...s.context.serverErrors[STEP_ONE_KEY],
  };
};
/** §5: what the data plan rules changed, in blue. */
export const selectPlanNotices = (s: S) => s.context.planNotices;
export const selectProduct = (s: S) => s.context.product;

export const selectMode = (s: S) => s.context.mode;
export const selectMayBulk = (s: S) => s.context.features.includes('bulk_user_creation');
export const selectSingle = (s: S) => s.context.single;
export const selectRows = (s: S) => s.context.rows;
export const selectCsv = (s: S) => s.context.csv;
export const selectSendEmail = (s: S) => s.context.sendEmail;
export const selectPeopleCount = (s: S) => peopleOf(s.context).length;
/** Rows beyond what one call may create. */
export const selectRowsOver = (s: S) => rowsOver(s.context);

export const selectSingleErrors = (s: S): FieldErrors => {
  const { single, stepTwoTried, serverErrors, usernameCheck } = s.context;
  const errors: FieldErrors = {
    ...visible(usersErrors([single])[0] ?? {}, single, stepTwoTried),
    ...serverErrors['0'],
  };
  if (usernameTaken(s.context) && usernameCheck) errors['username'] ??= usernameCheck.msg;
  return errors;
};

/** Errors per row of the table (by its index), blank rows aside. */
export const selectRowErrors = (s: S): Record<number, FieldErrors> => {
  const { rows, stepTwoTried, serverErrors } = s.context;
  const sent = rows.flatMap((r, i) => (isBlank(r) ? [] : [i]));
  const byPerson = usersErrors(sent.map((i) => rows[i]!));
  const out: Record<number, FieldErrors> = {};
  rows.forEach((row, i) => {
    const at = sent.indexOf(i);
    const errors = { ...(at >= 0 ? visible(byPerson[at] ?? {}, row, stepTwoTried) : {}), ...serverErrors[String(i)] };
    if (Object.keys(errors).length) out[i] = errors;
  });
  return out;
};

export type UsernameStatus =
  { kind: 'none' } | { kind: 'checking' } | { kind: 'failed' } | { kind: 'known'; available: boolean; msg: string };

export const selectUsernameStatus = (s: S): UsernameStatus => {
  if (s.hasTag('usernameChecking')) return { kind: 'checking' };
  if (s.hasTag('usernameCheckFailed')) return { kind: 'failed' };
  const check = s.context.usernameCheck;
  if (check && check.username === s.context.single.username.trim())
    return { kind: 'known', available: check.available, msg: check.msg };
  return { kind: 'none' };
};

export type MailStatus =
  | { kind: 'none' }
  | { kind: 'loading' }
  | { kind: 'unknown' }
  | { kind: 'shown'; messages: OutboxMessage[]; total: number };

/** This call's welcome emails as the outbox holds them (matched by address among the newest messages). */
export const selectMail = (s: S): MailStatus => {
  if (s.hasTag('mailLoading')) return { kind: 'loading' };
  if (s.hasTag('mailUnknown')) return { kind: 'unknown' };
  if (!s.hasTag('mailShown')) return { kind: 'none' };
  // Newest first: the first welcome message to each address is this call's. Listed as created.
  const newest = new Map<string, OutboxMessage>();
  for (const m of s.context.mail)
    if (m.kind === 'welcome' && !newest.has(m.to_email.toLowerCase())) newest.set(m.to_email.toLowerCase(), m);
  const messages = s.context.created.flatMap((u) => newest.get(u.email.toLowerCase()) ?? []);
  return { kind: 'shown', messages, total: s.context.created.length };
};
