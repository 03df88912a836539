// The refusals every route shares. A refused input is HTTP 400 in the one shape of
// src/domain/field-errors.ts: `fields` names each request field with a message a person reads.
import type { Context } from 'hono';
import type { BaseIssue } from 'valibot';
import { permissionName } from '../../src/domain/feature-labels';
import {
  fieldMap,
  fieldsOfIssues,
  messagesOfIssues,
  summaryOf,
  type BadRequestReply,
  type FieldMessages,
} from '../../src/domain/field-errors';

/** 400 with field → messages (the list form); `fields` takes the first message of each. */
export function badRequest(c: Context, msg: string, errors: Record<string, string[]> = {}): Response {
  const fields = fieldMap<string>();
  for (const [key, messages] of Object.entries(errors)) if (messages[0] !== undefined) fields[key] = messages[0];
  const body: BadRequestReply = { status: false, msg, errors, fields };
  return c.json(body, 400);
}

/**
 * 400 naming fields, for a handler's own checks (create, update): `extra` carries the keys the
 * route's replies always have, so a client reading them still finds them.
 */
export function refuseFields(
  c: Context,
  msg: string,
  fields: FieldMessages,
  extra: Record<string, unknown> = {},
): Response {
  const errors = Object.fromEntries(Object.entries(fields).map(([k, m]) => [k, [m]]));
  const body: BadRequestReply = { ...extra, status: false, msg, errors, fields };
  return c.json(body, 400);
}

/** A change refused at one field: its message said there and as the whole reply's. */
export const refuseField = (c: Context, refusal: { msg: string; field: string }): Response =>
  refuseFields(c, refusal.msg, { [refusal.field]: refusal.msg });

/** The 400 of a failed schema check: every field with its message, the limit in words. */
export function badInput(c: Context, issues: readonly BaseIssue<unknown>[]): Response {
  const fields = fieldsOfIssues(issues);
  const body: BadRequestReply = { status: false, msg: summaryOf(fields), errors: messagesOfIssues(issues), fields };
  return c.json(body, 400);
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
/** Named in words; a route several features open names each ('… or the … permission'). */
export function noFeatureRefusal(feature: string | readonly string[]): string {
  const names = (typeof feature === 'string' ? [feature] : feature).map(permissionName);
  return `You do not have permission to perform this action: it needs the ${names.join(' or the ')} permission.`;
}

/**
 * The 409 of a versioned write that someone else's write got to first: `msg` says who and what,
 * `now` holds what is stored now under the key(s) the route's contract names (`current`,
 * `details`, `groups`, `setting`, `preview`, …). `R` is that contract's reply, so the keys are
 * checked; `flagged: false` for the contracts whose reply has no `stale: true` (groups, segments,
 * ending a fulfillment).
 */
export function stale<R extends { status: false; msg: string }>(
  c: Context,
  msg: string,
  now: Omit<R, 'status' | 'stale' | 'msg'>,
  flagged = true,
): Response {
  return c.json(flagged ? { status: false, stale: true, msg, ...now } : { status: false, msg, ...now }, 409);
}
