// What the Emails tab reads from its machine.
import type { SnapshotFrom } from 'xstate';
import type { userEmailsMachine } from './user-emails.machine';

type S = SnapshotFrom<typeof userEmailsMachine>;

export const selectEmails = (s: S) => s.context.emails;
export const selectLoading = (s: S) => s.matches('loading');
export const selectFailed = (s: S) => s.matches('failed');
export const selectError = (s: S) => s.context.error;
