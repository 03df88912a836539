// What every request handler can reach: the dependencies createApp was given, and what the
// middlewares learnt about the request (its id, its session).
import type { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { Keys } from './auth/keys';
import type { Lifecycle } from './lifecycle';
import type { ServerConfig } from './config';
import type { Database, SessionStage, User } from './db/schema';
import type { Logger } from './observability/logger';
import type { Metrics } from './observability/metrics';
import type { Grants } from './staff';
import type { WorkLimiter } from './work-limiter';

export type Clock = () => number;

export interface AppDeps {
  db: Kysely<Database>;
  config: ServerConfig;
  clock: Clock;
  /** Resolved once, on first use (the secret may have to be read from the database). */
  keys: () => Promise<Keys>;
  /** Deletes rows nobody can use any more, at most once a minute per instance (server/sweep.ts). */
  sweep: (now: number) => Promise<void>;
  /** Password hashing runs through this: a few at a time per instance (server/work-limiter.ts). */
  hashing: WorkLimiter;
  /** The JSON log (server/observability/logger.ts); silent unless createApp was given one. */
  logger: Logger;
  /** What GET /metrics answers (server/observability/metrics.ts). */
  metrics: Metrics;
  /** Whether the server is stopping (server/lifecycle.ts): /readyz answers 503 from then on. */
  lifecycle: Lifecycle;
}

export interface CurrentSession {
  /** The cookie value this request carried. */
  id: string;
  idHash: string;
  stage: SessionStage;
  user: User;
  grants: Grants;
  mtUserEmail: string | null;
  /** When the person last proved their factors (sessions.auth_time). */
  authTime: number;
  /** The last activity the server knows of, before this request's own. */
  lastSeenAt: number;
}

export type HonoEnv = {
  Variables: {
    requestId: string;
    deps: AppDeps;
    /** The clock read once at the start of the request. */
    now: number;
    /** Raw `sessionid` cookie of the request, valid or not: CSRF tokens are bound to it. */
    sessionCookie: string | null;
    session: CurrentSession | null;
    /** Set once a handler has issued new session/CSRF cookies itself. */
    cookiesIssued: boolean;
    body: Promise<BodyRead> | undefined;
    /** The sign-in step the answering route is (its `signInStep`), counted by /metrics. */
    signInStep: string | undefined;
    /** Set for requests not logged one by one: built files, probes, the metrics scrape. */
    unlogged: boolean;
  };
};

/** The API server's Hono app (createApp builds it; static.ts mounts the SPA on it). */
export type App = Hono<HonoEnv>;

export type BodyRead = { ok: true; fields: Record<string, unknown> } | { ok: false; msg: string };
