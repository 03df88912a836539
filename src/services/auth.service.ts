// Sign-in and session calls of spec §7. Each reply is parsed by its src/domain schema, so the
// rest of the panel never sees unvalidated data.
import * as v from 'valibot';
import {
  ActivateForm,
  LinkedLoginForm,
  LinkedLoginReply,
  LoginForm,
  LoginReply,
  LogoutReply,
  OtpForm,
  SessionCheckReply,
  StatusReply,
  ThrottledReply,
} from '../domain/auth';
import { HttpError, http, toFormData } from './http';

/** The password step's answer; HTTP 429 (too many attempts from this network) is an answer too. */
export async function loginAccount(form: LoginForm): Promise<LoginReply | ThrottledReply> {
  try {
    return v.parse(LoginReply, await http('/login_account_new/', { method: 'POST', body: toFormData(form) }));
  } catch (error) {
    if (error instanceof HttpError && error.status === 429) return v.parse(ThrottledReply, error.data);
    throw error;
  }
}

export async function verifyOtp(form: OtpForm): Promise<StatusReply> {
  return v.parse(StatusReply, await http('/login_tfa_new/', { method: 'POST', body: toFormData(form) }));
}

export async function activateTfa(form: ActivateForm): Promise<StatusReply> {
  return v.parse(StatusReply, await http('/ap_activate_tfa', { method: 'POST', body: toFormData(form) }));
}

/** The session's state; `renew: false` asks without counting as activity (the panel's own looks). */
export async function checkSession(renew = true): Promise<SessionCheckReply> {
  const body = toFormData(renew ? {} : { activity: 'false' });
  return v.parse(SessionCheckReply, await http('/session_check/', { method: 'POST', body }));
}

export async function logout(): Promise<LogoutReply> {
  return v.parse(LogoutReply, await http('/logout_account/'));
}

export async function loginWithLinkedAccount(form: LinkedLoginForm): Promise<LinkedLoginReply> {
  return v.parse(LinkedLoginReply, await http('/login_with_mt_account/', { method: 'POST', body: toFormData(form) }));
}
