// The address of Group Management and of /view_groups (decision 097): the organization shown, by id,
// with its name for the picker (display only: the groups are read by the id). Unknown or malformed
// values are dropped.
import type { GroupsAddress } from '../sections/groups/groups.types';

export function groupsAddressOf(raw: Record<string, unknown>): GroupsAddress {
  const org = Number(raw['org']);
  if (!Number.isSafeInteger(org) || org <= 0) return {};
  const name = typeof raw['org_name'] === 'string' && raw['org_name'].length <= 200 ? raw['org_name'] : undefined;
  return { org, ...(name ? { org_name: name } : {}) };
}
