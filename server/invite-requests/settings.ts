// The settings an approval gives the new user, checked with the create form's step one rules
// (spec §5; the same rules and words as register/, server/users/create.ts): required fields,
// the data plan, the user types this session may give, a configuration of the product, an
// organization that exists and an owner among the staff. Flags and startup screen are the
// product's defaults; the user area changes them afterwards.
import { productNames } from '../../src/domain/product';
import { DEFAULT_STARTUP_SCREEN, defaultFlags } from '../../src/domain/user-fields';
import { CUSTOMER_USER_TYPES, STAFF_USER_TYPE } from '../../src/domain/user-kinds';
import { dateToTimestamp, NO_DATA_PLAN, parseExpiry, reconcileDataPlan, stepOneErrors, storedDataPlan, type FieldErrors } from '../../src/domain/user-rules';
import type { InviteSettings } from '../../src/domain/invite-requests';
import type { CurrentSession } from '../context';
import { ownerGroup } from '../owners/owner-group';
import { CREATE_TEXT, defaultExpiry } from '../users/create';
import type { Db } from './records';

/** What every user an approval creates is given. */
export interface NewUserSettings {
  organizationId: number;
  userType: string;
  category: string;
  owner: string;
  configuration: string;
  plan: string[];
  expiry: number;
  startupScreen: string;
  flags: Record<string, boolean | string>;
}

export async function checkInviteSettings(
  db: Db, session: CurrentSession, product: string, form: InviteSettings, now: number,
): Promise<{ errors: FieldErrors; settings: NewUserSettings }> {
  const names = productNames(product);
  const features = session.grants.features;
  const errors: FieldErrors = stepOneErrors(product, {
    organization_id: form.organization_id, user_type: form.user_type, user_category: form.user_category, owner: form.owner,
    product_configuration: form.product_configuration, data_plan: form.data_plan, expiry_dt: form.expiry_dt,
  });
  if ((CUSTOMER_USER_TYPES as readonly string[]).includes(form.user_type) && !features.includes('allow_customer_type')) errors['user_type'] = CREATE_TEXT.customerTypes;
  if (form.user_type === STAFF_USER_TYPE && !features.includes('staff_role_change')) errors['user_type'] = CREATE_TEXT.staffType;
  if (!names.configurations.includes(form.product_configuration)) errors['product_configuration'] = CREATE_TEXT.configuration;
  const unknownItems = form.data_plan.filter((i) => i !== NO_DATA_PLAN && !names.dataPlanItems.includes(i));
  if (unknownItems.length) errors['data_plan'] = `Unknown data plan item${unknownItems.length > 1 ? 's' : ''}: ${unknownItems.join(', ')}.`;
  if (!errors['organization_id'] && !(await db.selectFrom('organizations').select('id').where('id', '=', form.organization_id).executeTakeFirst())) {
    errors['organization_id'] = CREATE_TEXT.noOrganization;
  }
  if (!errors['owner'] && !(await ownerGroup(db, now)).some((o) => o.key === form.owner)) errors['owner'] = CREATE_TEXT.owner;
  const expiry = parseExpiry(form.expiry_dt || defaultExpiry(form.user_type, now));
  return {
    errors,
    settings: {
      organizationId: form.organization_id, userType: form.user_type, category: form.user_category, owner: form.owner,
      configuration: form.product_configuration,
      plan: storedDataPlan(reconcileDataPlan(product, form.data_plan, form.user_category).plan),
      expiry: expiry ? dateToTimestamp(expiry) : 0,
      startupScreen: DEFAULT_STARTUP_SCREEN, flags: defaultFlags(product),
    },
  };
}
