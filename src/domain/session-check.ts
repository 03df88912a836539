// session_check/'s request (spec §7 names none): kept apart from session.ts, which the first page
// load carries, so that the form schemas it builds on do not weigh on /login.
import * as v from 'valibot';
import { FormBool } from './wire';

/**
 * session_check/'s optional field: activity=false asks without counting as activity (the panel's
 * idle and hourly checks). Left out, the check counts, as spec §7's callers expect.
 */
export const SessionCheckForm = v.object({ activity: v.optional(FormBool, true) });
