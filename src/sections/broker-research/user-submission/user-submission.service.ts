// User Submission's calls (decision 056): plain functions, every reply parsed by its src/domain
// schema. A stale action answers 409, read by shape (staleSubmissionOf).
import * as v from 'valibot';
import type { SubmissionStatus } from '../../../domain/broker-research';
import {
  SubmissionActionReply,
  SubmissionListReply,
  type SubmissionAction,
} from '../../../domain/broker-research-user-submission';
import { http, toFormData } from '../../../services/http';

export async function fetchSubmissions(query: {
  status: SubmissionStatus | '';
  q: string;
  cursor: string;
}): Promise<SubmissionListReply> {
  const params = new URLSearchParams(Object.entries(query).filter(([, value]) => value !== ''));
  return v.parse(SubmissionListReply, await http(`/api/researchreports/user_submissions/?${params}`));
}

export async function actOnSubmission(input: {
  id: number;
  action: SubmissionAction;
  version: number;
  reason: string | null;
}): Promise<SubmissionActionReply> {
  const body = toFormData({
    id: String(input.id),
    action: input.action,
    version: String(input.version),
    reason: input.reason ?? undefined,
  });
  return v.parse(
    SubmissionActionReply,
    await http('/api/researchreports/user_submissions/review/', { method: 'POST', body }),
  );
}
