// The settings an approval gives the new user: the create form's step one (spec §5), checked by
// the very function register/ uses (server/users/create.ts). An invitation carries no flags or
// startup screen of its own: the product's defaults, which the user area changes afterwards.
import type { InviteSettings } from '../../src/domain/invite-requests';
import type { CurrentSession } from '../context';
import { checkStepOne, stepOneChoices, type NewUserSettings } from '../users/create';
import type { Db } from './records';

export function checkInviteSettings(
  db: Db,
  session: CurrentSession,
  product: string,
  form: InviteSettings,
  now: number,
): Promise<{ errors: Record<string, string>; settings: NewUserSettings }> {
  return checkStepOne(db, session, product, { ...stepOneChoices(form), startup_screen: '', flags: {} }, now);
}
