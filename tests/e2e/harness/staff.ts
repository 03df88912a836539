// The seeded staff accounts and the features they are documented to hold (server/db/seed.ts).
import { FEATURE_KEYS } from '../../../src/domain/features';
import { rootTarget, visibleMenu } from '../../../src/domain/menu';
import type { StaffName } from './world';

export const STAFF_FEATURES: Record<StaffName, readonly string[]> = {
  admin: FEATURE_KEYS,
  support: ['admin_panel_access', 'user_mgmt', 'create_user_tab'],
  analyst: ['admin_panel_access', 'workflows_tab'],
};

export function expectedMenu(staff: StaffName): string[] {
  return visibleMenu(STAFF_FEATURES[staff]).map((entry) => entry.label);
}

export function expectedRoot(staff: StaffName): string {
  const target = rootTarget(STAFF_FEATURES[staff]);
  if (!target) throw new Error(`${staff} has no section to land on`);
  return target;
}
