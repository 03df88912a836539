// The edit screen's calls (spec §7 "Groups, roles, users"; decision 023): one user's full record,
// its save with optimistic concurrency, administrator privileges, and the user's sessions.
// Replies that carry users name the owner field as the wire does (`{product}_owner`); inside the
// `changes` JSON of a save it is `owner`, as UserChanges names it (form fields alone are renamed).
import { WHOLE_REQUEST } from '../../src/domain/field-errors';
import { ownerToWire } from '../../src/domain/product';
import {
  AdminPrivilegesReply,
  FetchUsersForm,
  KillSessionsForm,
  KillSessionsReply,
  SetAdminPrivilegesForm,
  UpdateAccountForm,
  UserIdForm,
  UserSessionsReply,
  type FetchUsersReply,
  type UpdateAccountReply,
  type UserRecord,
} from '../../src/domain/users';
import { ADMIN_PRIVILEGES } from '../../src/domain/user-fields';
import { hashPassword } from '../auth/passwords';
import { sessionIdleMs } from '../config';
import { refuseFields } from '../http/replies';
import { grantMessage } from '../roles/grant-rule';
import { authorOf, editorOf } from '../roles/held-keys';
import { defineRoute } from '../routes';
import { readPrivileges, writePrivileges } from '../users/privileges';
import { loadUserRecords, visibleUser } from '../users/records';
import { killSessions, liveSessions } from '../users/sessions';
import { updateAccount } from '../users/update';

const wireUser = (product: string, user: UserRecord) => ownerToWire(product, user);

/** The save's own checks name record fields; the request holds them inside `changes`, the dialogs' answers beside it. */
const FORM_FIELDS: readonly string[] = ['org_change', 'email_change'];
function requestFields(errors: Readonly<Record<string, string>>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors))
    fields[FORM_FIELDS.includes(key) ? key : `changes.${key}`] = message;
  return fields;
}

const fetchUsers = defineRoute({
  method: 'POST',
  path: '/user/fetch_users_by_account_id/',
  access: 'user_mgmt',
  schema: FetchUsersForm,
  summary:
    'Full records of the given user ids (deleted users only with deleted_user); role choices with staff_role_change.',
  async handler({ c, deps, input, session }) {
    const product = deps.config.productKey;
    const features: readonly string[] = session.grants.features;
    const records = (await loadUserRecords(deps.db, input.account_id)).filter(
      (u) => !u.deleted || features.includes('deleted_user'),
    );
    const reply: Omit<FetchUsersReply, 'data'> & { data: unknown[] } = {
      status: true,
      data: records.map((u) => wireUser(product, u)),
    };
    if (features.includes('staff_role_change')) {
      reply.role_choices = await deps.db.selectFrom('roles').select(['id', 'name']).orderBy('name').execute();
    }
    return c.json(reply);
  },
});

const updateAccountRoute = defineRoute({
  method: 'POST',
  path: '/user/update_account/',
  access: 'edit_user',
  schema: UpdateAccountForm,
  changesGrants: true,
  summary:
    'Saves the changed fields of one user if nobody saved it since `version`; otherwise answers the stored record.',
  async handler({ c, deps, now, input, session }) {
    const product = deps.config.productKey;
    const outcome = await updateAccount(deps.db, {
      form: input,
      product,
      now,
      actor: { ...editorOf(session), sessionHash: session.idHash },
      hash: (password) => deps.hashing.run(() => hashPassword(password, deps.config.scrypt)),
    });
    const refusal = { status: false, isPositive: false, isUpdated: false } as const;
    let reply: UpdateAccountReply | Record<string, unknown>;
    switch (outcome.kind) {
      case 'updated':
        reply = {
          status: true,
          isPositive: true,
          isUpdated: true,
          message: outcome.message,
          user: wireUser(product, outcome.user),
        };
        break;
      case 'unchanged':
        reply = {
          status: true,
          isPositive: true,
          isUpdated: false,
          message: outcome.message,
          user: wireUser(product, outcome.user),
        };
        break;
      case 'conflict':
        // A lost race is a 409, as every other editor answers it, with the user as stored now.
        return c.json(
          { ...refusal, message: outcome.message, conflict: true, user: wireUser(product, outcome.user) },
          409,
        );
      case 'refused': {
        // A refused save answers as every refused input does (decision 042), the save's keys
        // kept: its fields named, or the whole request ('_') for a permission or a lockout.
        const named =
          outcome.errors && Object.keys(outcome.errors).length
            ? requestFields(outcome.errors)
            : { [WHOLE_REQUEST]: outcome.message };
        return refuseFields(c, outcome.message, named, { ...refusal, message: outcome.message });
      }
    }
    return c.json(reply);
  },
});

const noPrivileges = Object.fromEntries(ADMIN_PRIVILEGES.map((k) => [k, false])) as AdminPrivilegesReply['data'];

const getPrivileges = defineRoute({
  method: 'POST',
  path: '/user/get_admin_priviliges/',
  access: 'edit_user',
  schema: UserIdForm,
  summary: "The user's administrator privileges (super admin, watchlist manager admin, saved search admin).",
  async handler({ c, deps, input, session }) {
    // A deleted user is absent without deleted_user (as fetch_users_by_account_id/ decides).
    const data = (await visibleUser(deps.db, input.user_id, session.grants.features))
      ? await readPrivileges(deps.db, input.user_id)
      : null;
    const reply: AdminPrivilegesReply = data
      ? { status: true, msg: '', data }
      : { status: false, msg: 'There is no such user.', data: noPrivileges };
    return c.json(reply);
  },
});

const setPrivileges = defineRoute({
  method: 'POST',
  path: '/user/set_admin_priviliges/',
  access: 'is_super_admin_user',
  schema: SetAdminPrivilegesForm,
  changesGrants: true,
  summary: "Sets the user's administrator privileges; audited.",
  async handler({ c, deps, now, input, session }) {
    const author = { ...authorOf(session.user.id, session.grants), username: session.user.username };
    const outcome = await writePrivileges(deps.db, {
      userId: input.user_id,
      privileges: input.privileges,
      author,
      now,
    });
    if (!outcome.ok && outcome.reason === 'grant') {
      const msg = grantMessage(outcome.refusal);
      return refuseFields(c, msg, { privileges: msg }, { data: outcome.data });
    }
    const reply: AdminPrivilegesReply = outcome.ok
      ? {
          status: true,
          msg: outcome.changed ? 'Administrator privileges updated.' : 'Administrator privileges unchanged.',
          data: outcome.data,
        }
      : { status: false, msg: 'There is no such user.', data: noPrivileges };
    return c.json(reply);
  },
});

const getSessions = defineRoute({
  method: 'POST',
  path: '/user/get_user_session',
  access: 'edit_user',
  schema: UserIdForm,
  summary: "The user's live sessions: created, last seen, expires; `current` marks the caller's own.",
  async handler({ c, deps, now, input, session }) {
    const visible = await visibleUser(deps.db, input.user_id, session.grants.features);
    const data = visible
      ? await liveSessions(deps.db, input.user_id, {
          now,
          idleMs: sessionIdleMs(deps.config),
          currentHash: session.idHash,
        })
      : [];
    const reply: UserSessionsReply = { status: true, data };
    return c.json(reply);
  },
});

const killSessionsRoute = defineRoute({
  method: 'POST',
  path: '/user/kill_user_sessions',
  access: 'edit_user',
  schema: KillSessionsForm,
  summary:
    "Ends the given sessions of the user (all when none are named) in one statement; never the caller's current one.",
  async handler({ c, deps, now, input, session }) {
    // A deleted user unseen without deleted_user has no sessions to end, as a user that does not exist.
    const outcome = (await visibleUser(deps.db, input.user_id, session.grants.features))
      ? await killSessions(deps.db, {
          userId: input.user_id,
          keys: input.keys,
          currentHash: session.idHash,
          author: session.user.username,
          now,
        })
      : { ok: true as const, killed: 0, keptCurrent: false };
    let reply: KillSessionsReply;
    if (!outcome.ok) reply = { status: false, msg: outcome.msg, killed: 0 };
    else {
      const ended = `${outcome.killed} session${outcome.killed === 1 ? '' : 's'} ended.`;
      reply = {
        status: true,
        msg: outcome.keptCurrent ? `${ended} Your current session stays open; use Logout to end it.` : ended,
        killed: outcome.killed,
      };
    }
    return c.json(reply);
  },
});

export const userEditRoutes = [
  fetchUsers,
  updateAccountRoute,
  getPrivileges,
  setPrivileges,
  getSessions,
  killSessionsRoute,
];
