// A plan's outcomes come by service: each way the server answers one call, then the call that got
// no answer. Listed through `callOutcomes`, a call's service is named once for all its answers.
import type { AnyEventObject } from 'xstate';
import { doneEvent, failedEvent, refusedEvent, staleEvent, staleRecordEvent, type Outcome } from './plan';

/** One way a service answers, as the event of whichever service it is given to. */
export type Answer = (service: string) => AnyEventObject;

/** The service answered with `output`. */
export const answered =
  (output: unknown): Answer =>
  (service) =>
    doneEvent(service, output);

/** The service refused the request at `fields` (400); see `refusedEvent`. */
export const refusedAt =
  (fields: Record<string, string>, msg?: string): Answer =>
  (service) =>
    refusedEvent(service, fields, msg);

/** The service's 409 with its own `reply` (a guard, a conflict of its kind); see `staleEvent`. */
export const conflicted =
  (reply: Record<string, unknown>): Answer =>
  (service) =>
    staleEvent(service, reply);

/** Someone else changed the record first (409): the server's `msg` and the record as stored now. */
export const storedFirst =
  (msg: string, current: unknown): Answer =>
  (service) =>
    staleRecordEvent(service, msg, current);

/** `service`'s outcomes: each answer under its name, in the order given, then `failed`, no answer. */
export const callOutcomes = (service: string, answers: Record<string, Answer>, failed: string): Outcome[] => [
  ...Object.entries(answers).map(([name, answer]) => ({ name, event: answer(service) })),
  { name: failed, event: failedEvent(service) },
];
