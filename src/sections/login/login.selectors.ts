import type { SnapshotFrom } from 'xstate';
import type { loginMachine } from './login.machine';

type S = SnapshotFrom<typeof loginMachine>;

export const selectError = (s: S) => s.context.error;
export const selectBusy = (s: S) => s.hasTag('busy');
/** Too many attempts from this network: Continue waits until the server's Retry-After has passed. */
export const selectThrottled = (s: S) => s.hasTag('throttled');
/** 'activated': the page opened right after two-step sign-in was activated. */
export const selectNotice = (s: S) => s.context.notice;
/** Username and password are read-only once the password was accepted (spec §2). */
export const selectFieldsLocked = (s: S) => s.hasTag('locked');
export const selectShowsOtp = (s: S) => s.hasTag('otp');
/** First login: QR code, setup key and the 'Activate' button. */
export const selectTicket = (s: S) => (s.hasTag('activation') ? s.context.ticket : null);
export const selectActivated = (s: S) => s.matches('activated');
export const selectSignedIn = (s: S) => s.matches('signedIn');
export const selectUsername = (s: S) => s.context.username;
