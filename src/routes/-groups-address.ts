// The address of Group Management and of /view_groups (decision 097): the organization shown, by
// id. The key is always answered (undefined when dropped): the router lays the validated search
// over the raw one, so a key left out would keep a malformed value.
import type { GroupsAddress } from '../sections/groups/groups.types';
import { idParam } from './-address';

export const groupsAddressOf = (raw: Record<string, unknown>): GroupsAddress => ({ org: idParam(raw['org']) });
