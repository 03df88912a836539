// What a machine shows when one of its services failed: every machine words a failure this way.
import { MESSAGES } from '../../domain/auth';
import { fieldRefusalOf } from '../../domain/field-errors';

type Failure = { status?: number; message?: string };

/** 'Error: {code}' for a call the server refused (spec §8); otherwise what went wrong. */
export function failureMessage(error: unknown): string {
  const { status, message } = (error ?? {}) as Failure;
  if (status) return MESSAGES.httpError(status);
  return message ? `Error: ${message}` : 'Error: no response from the server';
}

/** The server's own message when it sent one (spec §8: failures show the server's msg), else failureMessage's. */
export function serverMessage(error: unknown): string {
  const data = (error as { data?: unknown } | null)?.data;
  const msg = data && typeof data === 'object' ? (data as { msg?: unknown }).msg : undefined;
  return typeof msg === 'string' && msg ? msg : failureMessage(error);
}

/** The summary of a refused input (HTTP 400 naming fields) when there is one, else failureMessage's. */
export function refusalMessage(error: unknown): string {
  return fieldRefusalOf(error)?.msg ?? failureMessage(error);
}

/** A failed call's error, as the params of a guard that reads it (`guard: { type, params: errorOf }`). */
export const errorOf = ({ event }: { event: { error: unknown } }) => event.error;
