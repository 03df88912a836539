// The owner calls (spec §7 "Groups, roles, users"): the owner group, which every owner select
// offers (create, edit, and the sections to come).
import type { OwnerGroupReply } from '../../src/domain/users';
import { ownerGroup } from '../owners/owner-group';
import { defineRoute } from '../routes';

const getOwnerGroup = defineRoute({
  method: 'POST',
  path: '/user/get_{product}_owner_group/',
  access: 'user_mgmt',
  summary: 'The staff who may own a user: active, unexpired staff by username with their name.',
  async handler({ c, deps, now }) {
    const reply: OwnerGroupReply = { status: true, result: await ownerGroup(deps.db, now) };
    return c.json(reply);
  },
});

export const ownerRoutes = [getOwnerGroup];
