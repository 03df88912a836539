// The three refusals every route shares, in the shapes of src/domain/auth.ts.
import type { Context } from 'hono';
import type { BaseIssue } from 'valibot';
import * as v from 'valibot';
import type { BadRequestReply } from '../../src/domain/auth';
import { permissionName } from '../../src/domain/feature-labels';

export function badRequest(c: Context, msg: string, errors: Record<string, string[]> = {}): Response {
  const body: BadRequestReply = { status: false, msg, errors };
  return c.json(body, 400);
}

/** Field name → messages; problems with the whole body are listed under '_'. */
export function fieldErrors(problems: readonly [BaseIssue<unknown>, ...BaseIssue<unknown>[]]): Record<string, string[]> {
  const flat = v.flatten(problems);
  const errors: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(flat.nested ?? {})) {
    if (messages) errors[key] = messages;
  }
  const whole = [...(flat.root ?? []), ...(flat.other ?? [])];
  if (whole.length > 0) errors['_'] = whole;
  return errors;
}

export function forbidden(c: Context, msg: string): Response {
  return c.json({ status: false, msg }, 403);
}

export const REFUSALS = {
  noSession: 'Authentication credentials were not provided or have expired.',
  noFeature: 'You do not have permission to perform this action.',
  csrf: 'CSRF verification failed. Request aborted.',
  origin: 'CSRF verification failed: the request did not come from this site.',
} as const;

/** The 403 of a signed-in session without a route's feature, naming the permission in words. */
export function noFeatureRefusal(feature: string): string {
  return `You do not have permission to perform this action: it needs the ${permissionName(feature)} permission.`;
}
