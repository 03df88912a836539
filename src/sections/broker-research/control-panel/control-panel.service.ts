// The Control Panel's calls (spec §7 "Broker research"; decision 056): plain functions, every
// reply parsed by its src/domain schema. A stale save answers 409, read by shape (staleFlagsOf).
import * as v from 'valibot';
import type { ResearchFlags } from '../../../domain/broker-research';
import { FlagsReply, NewSubmissionsReply, SaveFlagsReply } from '../../../domain/broker-research-control-panel';
import { http, toFormData } from '../../../services/http';

export async function fetchFlags(dist: string): Promise<FlagsReply> {
  return v.parse(FlagsReply, await http(`/api/researchreports/brflags/?${new URLSearchParams({ dist })}`));
}

export async function saveFlags(dist: string, flags: ResearchFlags, version: number): Promise<SaveFlagsReply> {
  const body = toFormData({ dist, flags: JSON.stringify(flags), version: String(version) });
  return v.parse(SaveFlagsReply, await http('/api/researchreports/brflags/', { method: 'PUT', body }));
}

/** The count of submissions waiting and the `latest` newest of them. */
export async function fetchWaitingSubmissions(
  latest: number,
): Promise<{ count: number; latest: NewSubmissionsReply['result']['latest'] }> {
  const reply = v.parse(
    NewSubmissionsReply,
    await http(
      `/api/researchreports/get_new_researchreports/?${new URLSearchParams({ latest: String(latest), fetch_new: 'true' })}`,
    ),
  );
  return { count: reply.result.SUBMISSION_STATUS_NEW ?? 0, latest: reply.result.latest };
}
