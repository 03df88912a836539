// The session calls of spec §7: session_check/ (what the signed-in person may do, plus a fresh
// linked-sign-in token) and logout_account/.
import type { LogoutReply, SessionCheckReply } from '../../src/domain/auth';
import { writeAudit } from '../audit';
import { issueLinkToken } from '../auth/link-tokens';
import { deleteSession } from '../auth/sessions';
import { SessionCheckForm } from '../../src/domain/session-check';
import { sessionIdleMs, type ServerConfig } from '../config';
import type { User } from '../db/schema';
import { endBrowserSession } from '../http/cookies';
import { defineRoute, mayAccess } from '../routes';
import { parseJsonList } from '../staff';

export const LOGGED_OUT = 'Logged out successfully.';

/**
 * The server types this person may open: their allowed_st, limited to the configured types.
 * Without a link signing key no other type can accept them, so only this one remains.
 */
export function allowedServerTypes(user: User, config: ServerConfig, linkingOn: boolean): string[] {
  const configured = Object.keys(config.serverTypes);
  return parseJsonList(user.allowed_st)
    .filter((t, i, all) => configured.includes(t) && all.indexOf(t) === i)
    .filter((t) => linkingOn || t === config.serverType);
}

const sessionCheck = defineRoute({
  method: 'POST',
  path: '/session_check/',
  access: 'public',
  schema: SessionCheckForm,
  // The panel's own idle and hourly checks say activity=false: they must not keep an idle person
  // signed in (decision 096). Any other check, as spec §7 writes it, counts as activity.
  activity: (input) => input.activity,
  summary:
    'Who is signed in and with which features, and idle_left_ms until the session ends unless used; answers status false without a signed-in session. Counts as activity unless activity=false.',
  async handler({ c, deps, now, session, input }) {
    const reply = (body: SessionCheckReply) => c.json(body);
    if (!session || !mayAccess('admin_panel_access', session)) return reply({ status: false });
    const { config } = deps;
    const keys = await deps.keys();
    const allowed = allowedServerTypes(session.user, config, keys.link !== null);
    const others = allowed.filter((t) => t !== config.serverType);
    const jwt =
      keys.link && others.length > 0
        ? await issueLinkToken(
            keys.link,
            {
              issuer: config.serverType,
              audience: others,
              email: session.user.email,
              authTime: session.authTime,
              userId: session.user.id,
              keys: [...session.grants.features, ...session.grants.otherFeatures],
              emailChangedAt: session.user.email_changed_at === null ? null : Number(session.user.email_changed_at),
            },
            now,
          )
        : '';
    return reply({
      status: true,
      email: session.user.email,
      features: session.grants.features,
      other_features: session.grants.otherFeatures,
      user_id: session.user.id,
      jwt_token: jwt,
      allowed_st: allowed,
      server_urls: Object.fromEntries(allowed.map((t) => [t, config.serverTypes[t]!])),
      idle_left_ms: sessionIdleMs(config) - (input.activity ? 0 : now - session.lastSeenAt),
    });
  },
});

const logout = defineRoute({
  method: 'GET',
  path: '/logout_account/',
  access: 'admin_panel_access',
  // A GET by spec §7, yet it ends the session: it takes a CSRF token like any change (decision 003).
  csrf: true,
  summary: 'Ends the session on the server and clears its cookie.',
  async handler({ c, deps, now, session }) {
    await deps.db.transaction().execute(async (trx) => {
      await deleteSession(trx, session.idHash);
      await writeAudit(trx, {
        category: 'auth',
        author: session.user.username,
        action: 'signed out',
        at: now,
        success: true,
      });
    });
    await endBrowserSession(c);
    const body: LogoutReply = { msg: LOGGED_OUT };
    return c.json(body);
  },
});

export const sessionRoutes = [sessionCheck, logout];
