// One way to declare an API route: its method, path, who may call it, and the schema of its
// input. app.ts turns every declaration into the same pipeline (CSRF → access → input → handler),
// and the exported table lets a test walk every route.
import type { Context } from 'hono';
import * as v from 'valibot';
import type { FeatureKey } from '../src/domain/features';
import type { AppDeps, CurrentSession, HonoEnv } from './context';
import { MAX_BODY_BYTES, type BodyKind } from './http/body';

/**
 * 'public': anyone (still CSRF-checked when unsafe); 'pending_otp': only a session that passed the
 * password step and awaits its code; a feature key: a signed-in session holding admin_panel_access
 * and that key; a list of keys: admin_panel_access and any one of them (a call several sections
 * make, such as the organization search).
 */
export type Access = 'public' | 'pending_otp' | FeatureKey | readonly FeatureKey[];

/** The feature keys an access asks for (any one of them does). */
export function featuresOfAccess(access: Access): readonly FeatureKey[] {
  if (access === 'public' || access === 'pending_otp') return [];
  return typeof access === 'string' ? [access] : access;
}
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type InputOf<S> = S extends v.GenericSchema ? v.InferOutput<S> : undefined;
type SessionFor<A extends Access> = A extends 'public' ? CurrentSession | null : CurrentSession;

export interface RouteContext<A extends Access, I> {
  c: Context<HonoEnv>;
  deps: AppDeps;
  /** The clock's reading for this request. */
  now: number;
  input: I;
  session: SessionFor<A>;
}

export interface RouteSpec<A extends Access, S extends v.GenericSchema | undefined> {
  method: Method;
  /** As spec §7 writes it, from the root: '/login_account_new/'; `{product}` is the platform key. */
  path: string;
  access: A;
  summary: string;
  /** Validates the form (or JSON, or query for GET) fields. */
  schema?: S;
  /** Form data unless the route says JSON. */
  body?: BodyKind;
  /** Bytes the request body may hold; MAX_BODY_BYTES (1 MB) unless the route needs more. */
  maxBody?: number;
  /** Unsafe methods always need a CSRF token; a GET with a side effect opts in. */
  csrf?: boolean;
  /**
   * A call by a signed-in session keeps it alive (last_seen_at). Feature-guarded routes always do;
   * a public route opts in, for every call or for the calls its input marks (session_check/: the
   * panel's own idle and hourly checks must not keep an idle person signed in).
   */
  activity?: boolean | ((input: InputOf<S>) => boolean);
  /**
   * The route changes what someone may do or how they sign in (roles, privileges, a staff
   * account's sign-in attributes, a linked sign-in): the grant rule's test walks every such route
   * with its key alone (tests/server/grants.test.ts).
   */
  changesGrants?: boolean;
  /** A step of signing in: /metrics counts its outcomes under this name (password, otp…). */
  signInStep?: string;
  /** A bulk operation: /metrics shows how many of this name are being applied. */
  bulk?: string;
  /**
   * A probe of the process (health, readiness, version): answered without reading the session,
   * issuing no cookie, and not logged per request (decision 100).
   */
  probe?: boolean;
  handler: (ctx: RouteContext<A, InputOf<S>>) => Response | Promise<Response>;
}

export interface Route {
  method: Method;
  path: string;
  access: Access;
  summary: string;
  schema: v.GenericSchema | undefined;
  body: BodyKind;
  maxBody: number;
  csrf: boolean;
  /** Whether this call (given its parsed input) keeps the session alive. */
  activity: boolean | ((input: unknown) => boolean);
  changesGrants: boolean;
  signInStep?: string;
  bulk?: string;
  probe: boolean;
  handler: (ctx: RouteContext<Access, unknown>) => Response | Promise<Response>;
}

const SAFE_METHODS: readonly Method[] = ['GET'];

const isFeature = (access: Access): boolean => access !== 'public' && access !== 'pending_otp';

/** Whether a session (or none) may make a call that needs `access`: the one access test. */
export function mayAccess(access: Access, session: CurrentSession | null): boolean {
  if (access === 'public') return true;
  if (!session) return false;
  if (access === 'pending_otp') return session.stage === 'pending_otp';
  const features: readonly string[] = session.grants.features;
  return (
    session.stage === 'authenticated' &&
    features.includes('admin_panel_access') &&
    featuresOfAccess(access).some((key) => features.includes(key))
  );
}

export function defineRoute<A extends Access, S extends v.GenericSchema | undefined = undefined>(
  spec: RouteSpec<A, S>,
): Route {
  return {
    method: spec.method,
    path: spec.path,
    access: spec.access,
    summary: spec.summary,
    schema: spec.schema,
    body: spec.body ?? 'form',
    maxBody: spec.maxBody ?? MAX_BODY_BYTES,
    csrf: spec.csrf ?? !SAFE_METHODS.includes(spec.method),
    activity: isFeature(spec.access) || ((spec.activity ?? false) as Route['activity']),
    changesGrants: spec.changesGrants ?? false,
    ...(spec.signInStep ? { signInStep: spec.signInStep } : {}),
    ...(spec.bulk ? { bulk: spec.bulk } : {}),
    probe: spec.probe ?? false,
    handler: spec.handler as Route['handler'],
  };
}

/** The path a route answers on: spec §7 names some with the platform key (`get_{product}_owner_group/`). */
export function routePath(route: Pick<Route, 'path'>, productKey: string): string {
  return route.path.replaceAll('{product}', productKey);
}
