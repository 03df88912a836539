// The create calls of the user area (spec §7 "Groups, roles, users"; decision 020): settings and
// defaults for step one, the email and username checks of step two, and register. Organisation
// search, owners and mail have their own routes (organizations.ts, owners.ts, mail.ts).
import { productNames } from '../../src/domain/product';
import { DEFAULT_STARTUP_SCREEN, defaultFlags, flagKeys, SUBSCRIPTION_STATUSES } from '../../src/domain/user-fields';
import { USER_CATEGORIES } from '../../src/domain/user-kinds';
import { EMAIL_PATTERN, FIELD_MESSAGES, MAX_USERS_PER_CREATE, USERNAME_PATTERN } from '../../src/domain/user-rules';
import {
  CheckEmailsForm,
  DefaultSettingsForm,
  RegisterForm,
  UsernameCheckForm,
  UsernameSuggestForm,
  type CheckEmailsReply,
  type DefaultSettingsReply,
  type ProductSettingsReply,
  type UsernameCheckReply,
  type UsernameSuggestReply,
} from '../../src/domain/users';
import { refuseFields } from '../http/replies';
import { defineRoute } from '../routes';
import { CREATE_TEXT, creatableUserTypes, defaultExpiry, registerUsers, takenEmails } from '../users/create';
import { freeUsernames, takenUsernames, usernameBase } from '../users/usernames';
import { permissionName } from '../../src/domain/feature-labels';

const getProductSettings = defineRoute({
  method: 'POST',
  path: '/user/get_product_settings/',
  access: 'create_user_tab',
  summary:
    'The choices of step one: user types this session may give, categories, configurations, data plan items, screens, flags.',
  handler({ c, deps, session }) {
    const names = productNames(deps.config.productKey);
    const reply: ProductSettingsReply = {
      status: true,
      data: {
        product_key: names.key,
        user_types: [...creatableUserTypes(session.grants.features)],
        user_categories: [...USER_CATEGORIES],
        product_configurations: [...names.configurations],
        default_configuration: names.defaultConfiguration,
        data_plan_items: [...names.dataPlanItems],
        startup_screens: [...names.startupScreens],
        subscription_statuses: [...SUBSCRIPTION_STATUSES],
        flag_keys: [...flagKeys(names.key)],
      },
    };
    return c.json(reply);
  },
});

const getDefaultSettings = defineRoute({
  method: 'POST',
  path: '/user/get_default_settings/',
  access: 'create_user_tab',
  schema: DefaultSettingsForm,
  summary:
    "A new user's defaults: the user type's expiry (spec §4, from the server's UTC today), configuration, screen, flags.",
  handler({ c, deps, now, input }) {
    const product = deps.config.productKey;
    const reply: DefaultSettingsReply = {
      status: true,
      data: {
        expiry_dt: defaultExpiry(input.user_type, now),
        product_configuration: productNames(product).defaultConfiguration,
        startup_screen: DEFAULT_STARTUP_SCREEN,
        flags: defaultFlags(product),
      },
    };
    return c.json(reply);
  },
});

const checkEmailsValidity = defineRoute({
  method: 'POST',
  path: '/user/check_emails_validity/',
  access: 'create_user_tab',
  schema: CheckEmailsForm,
  summary: 'Per email: whether it has the right shape and whether a user has it already.',
  async handler({ c, deps, input }) {
    const emails = input.emails.map((e) => e.trim().toLowerCase());
    const valid = emails.map((e) => EMAIL_PATTERN.test(e));
    const used = await takenEmails(
      deps.db,
      emails.filter((_, i) => valid[i]),
    );
    const reply: CheckEmailsReply = {
      status: true,
      data: emails.map((email, i) => {
        const exists = used.has(email);
        return {
          email,
          valid: valid[i]!,
          exists,
          msg: !valid[i] ? FIELD_MESSAGES.email : exists ? CREATE_TEXT.emailTaken : null,
        };
      }),
    };
    return c.json(reply);
  },
});

const getValidUsername = defineRoute({
  method: 'POST',
  path: '/user/get_valid_username/',
  access: 'create_user_tab',
  schema: UsernameCheckForm,
  summary: 'Whether a username may be given to a new user: the right shape and not taken (in any case).',
  async handler({ c, deps, input }) {
    let reply: UsernameCheckReply;
    if (!USERNAME_PATTERN.test(input.username))
      reply = { status: true, available: false, msg: FIELD_MESSAGES.username };
    else if ((await takenUsernames(deps.db, [input.username])).size)
      reply = { status: true, available: false, msg: `${input.username} is taken.` };
    else reply = { status: true, available: true, msg: `${input.username} is available.` };
    return c.json(reply);
  },
});

const getValidUsernameNew = defineRoute({
  method: 'POST',
  path: '/user/get_valid_username_new/',
  access: 'create_user_tab',
  schema: UsernameSuggestForm,
  summary: 'A free username built from the first and last name (or the email), as register/ would give.',
  async handler({ c, deps, input }) {
    const [username] = await freeUsernames(deps.db, [usernameBase(input)], new Set());
    const reply: UsernameSuggestReply = { status: true, username: username! };
    return c.json(reply);
  },
});

const register = defineRoute({
  method: 'POST',
  path: '/user/register/',
  access: 'create_user_tab',
  schema: RegisterForm,
  summary: `Creates 1 to ${MAX_USERS_PER_CREATE} users with the same account settings, all or none, audited; welcome emails on request.`,
  async handler({ c, deps, now, input, session }) {
    if (input.users.length > 1 && !session.grants.features.includes('bulk_user_creation')) {
      const msg = `Creating several users at once needs the ${permissionName('bulk_user_creation')} permission.`;
      return refuseFields(c, msg, { users: msg });
    }
    const reply = await registerUsers(deps, session, input, now);
    // Nothing created answers as every refused input does (decision 042).
    return reply.status ? c.json(reply) : refuseFields(c, reply.msg, reply.fields);
  },
});

export const userCreateRoutes = [
  getProductSettings,
  getDefaultSettings,
  checkEmailsValidity,
  getValidUsername,
  getValidUsernameNew,
  register,
];
