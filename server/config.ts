// Server settings from the environment, validated once at start. A bad value stops the server
// with one line naming the variable, rather than failing later in a request.
import { isIP } from 'node:net';
import * as v from 'valibot';
import { SESSION_RECHECK_MS } from '../src/domain/constants';
import { defaultProductName } from '../src/domain/product';
import { keyWeakness, MIN_KEY_BITS } from './auth/key-strength';
import { hostAllowed, hostNameOf } from './http/hosts';
import { LOG_LEVELS, type LogLevel } from './observability/logger';

export const APP_ENVS = ['production', 'development', 'test'] as const;
export type AppEnv = (typeof APP_ENVS)[number];

/** scrypt cost, stored with every hash so a change never breaks existing passwords. */
export interface ScryptParams {
  logN: number;
  r: number;
  p: number;
}
/** OWASP Password Storage Cheat Sheet: N=2^17, r=8, p=1. */
export const OWASP_SCRYPT: ScryptParams = { logN: 17, r: 8, p: 1 };

export interface ServerConfig {
  port: number;
  /** postgres://… selects PostgreSQL; null selects SQLite in dataDir. */
  databaseUrl: string | null;
  dataDir: string;
  appEnv: AppEnv;
  productKey: string;
  /** What a person reads for the product (PRODUCT_NAME); unset reads as the key capitalised. */
  productName?: string;
  serverType: string;
  /** Every server type of the deployment → its base URL (own type included). */
  serverTypes: Record<string, string>;
  /**
   * Signs and encrypts tickets, CSRF tokens and TOTP secrets. Required in production; elsewhere null
   * means one is generated and kept in the database (see decision 004 for what that protects).
   */
  secretKey: string | null;
  /** Shared by all server types for linked sign-in tokens; null disables linked sign-in. */
  linkSigningKey: string | null;
  sessionIdleSeconds: number;
  /**
   * Believe X-Forwarded-Proto from a reverse proxy when deciding on Secure cookies. With
   * trustedProxies set, only from a peer in that list.
   */
  trustProxy: boolean;
  /** Proxy addresses and CIDR ranges whose X-Forwarded-For names the client (sign-in throttling). */
  trustedProxies?: readonly string[];
  scrypt: ScryptParams;
  /** smtp(s)://user:pass@host:port: mail goes out through it; unset keeps mail in the outbox table (decision 022). */
  smtpUrl?: string | null;
  /** The From of every message sent. */
  mailFrom?: string;
  /** The shared key the platform's invite request intake sends (decision 064); unset turns the intake off. */
  inviteIntakeKey?: string | null;
  /**
   * The host names this server answers to (ALLOWED_HOSTS, decision 068): `name`, `.name` for it and
   * its subdomains, or an IP address (IPv6 in brackets). Any other Host is answered 400.
   */
  allowedHosts: readonly string[];
  /** LOG_LEVEL: the least level logged; unset, info (nothing under APP_ENV=test). */
  logLevel?: LogLevel;
  /** METRICS_TOKEN: a bearer token that opens GET /metrics from any address (else loopback only). */
  metricsToken?: string | null;
  /**
   * Seconds a stopping server gives the requests in flight (SHUTDOWN_DRAIN_SECONDS); unset reads
   * as DEFAULT_DRAIN_SECONDS.
   */
  shutdownDrainSeconds?: number;
}

export const DEFAULT_DRAIN_SECONDS = 25;

/** ALLOWED_HOSTS when unset outside production: this machine under its usual names, on any port. */
export const LOCAL_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

export const DEFAULT_MAIL_FROM = 'Staff Console <no-reply@localhost>';

/** The idle timeout in milliseconds: what the server enforces and what the panel is told. */
export function sessionIdleMs(config: Pick<ServerConfig, 'sessionIdleSeconds'>): number {
  return config.sessionIdleSeconds * 1000;
}

export class ConfigError extends Error {}

const SERVER_TYPE_NAME = /^[a-z][a-z0-9_-]{0,31}$/;

const Port = v.pipe(
  v.string(),
  v.trim(),
  v.regex(/^\d+$/, 'must be a whole number'),
  v.transform(Number),
  v.minValue(1, 'must be 1–65535'),
  v.maxValue(65_535, 'must be 1–65535'),
);
const Flag = v.pipe(
  v.string(),
  v.trim(),
  v.toLowerCase(),
  v.picklist(['1', '0', 'true', 'false', 'yes', 'no', ''], 'must be true or false'),
  v.transform((s) => s === '1' || s === 'true' || s === 'yes'),
);

/**
 * The panel re-checks the session every SESSION_RECHECK_MS whether or not anyone is there. Its own
 * checks no longer count as activity (decision 096), but a check as spec §7 writes it does, so an
 * idle timeout stays shorter than that interval.
 */
export const MAX_SESSION_IDLE_SECONDS = SESSION_RECHECK_MS / 1000 - 1;

const EnvSchema = v.object({
  PORT: v.optional(Port, '8080'),
  DATABASE_URL: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check((s) => s === '' || /^postgres(ql)?:\/\//.test(s), 'must start with postgres:// (or be unset for SQLite)'),
    ),
  ),
  DATA_DIR: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty('must not be empty')), './data'),
  APP_ENV: v.optional(v.picklist(APP_ENVS, `must be one of ${APP_ENVS.join(', ')}`), 'development'),
  PRODUCT_KEY: v.optional(
    v.pipe(v.string(), v.regex(/^[a-z][a-z0-9_]{0,31}$/, 'must be a lower-case identifier')),
    'product',
  ),
  PRODUCT_NAME: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.nonEmpty('must not be empty'),
      v.maxLength(40, 'must be at most 40 characters'),
      v.regex(/^[^\p{Cc}<>]+$/u, 'must be plain text (no control characters, < or >)'),
    ),
  ),
  SERVER_TYPE: v.optional(
    v.pipe(v.string(), v.regex(SERVER_TYPE_NAME, 'must be a lower-case name such as app')),
    'app',
  ),
  SERVER_TYPES: v.optional(v.string()),
  SECRET_KEY: v.optional(v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters'))),
  LINK_SIGNING_KEY: v.optional(v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters'))),
  SESSION_IDLE_SECONDS: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^\d+$/, 'must be a whole number of seconds'),
      v.transform(Number),
      v.minValue(5, 'must be at least 5'),
      v.maxValue(
        MAX_SESSION_IDLE_SECONDS,
        `must be at most ${MAX_SESSION_IDLE_SECONDS}: shorter than the panel's hourly session re-check, which counts as activity`,
      ),
    ),
    '900',
  ),
  TRUST_PROXY: v.optional(Flag, 'false'),
  TRUSTED_PROXIES: v.optional(v.string()),
  SMTP_URL: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check((s) => s === '' || /^smtps?:\/\/[^\s/]+/.test(s), 'must read smtp://user:pass@host:port (or smtps://)'),
    ),
  ),
  MAIL_FROM: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty('must not be empty'), v.maxLength(254))),
  INVITE_INTAKE_KEY: v.optional(v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters'))),
  ALLOWED_HOSTS: v.optional(v.string()),
  LOG_LEVEL: v.optional(
    v.pipe(v.string(), v.trim(), v.toLowerCase(), v.picklist(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(', ')}`)),
  ),
  METRICS_TOKEN: v.optional(v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters'))),
  SHUTDOWN_DRAIN_SECONDS: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^\d+$/, 'must be a whole number of seconds'),
      v.transform(Number),
      v.maxValue(3600, 'must be at most 3600'),
    ),
  ),
});

/** `app=http://localhost:8080,testing=http://localhost:8081` → { app: …, testing: … }. */
export function parseServerTypes(text: string): Record<string, string> {
  const types: Record<string, string> = {};
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const eq = part.indexOf('=');
    const name = eq > 0 ? part.slice(0, eq).trim() : '';
    const url =
      eq > 0
        ? part
            .slice(eq + 1)
            .trim()
            .replace(/\/+$/, '')
        : '';
    if (!SERVER_TYPE_NAME.test(name)) throw new ConfigError(`SERVER_TYPES: '${part}' must read name=http(s)://host`);
    if (!/^https?:\/\/[^\s/]+/.test(url)) throw new ConfigError(`SERVER_TYPES: '${name}' needs an http(s) base URL`);
    if (name in types) throw new ConfigError(`SERVER_TYPES: '${name}' is listed twice`);
    types[name] = url;
  }
  return types;
}

/**
 * `10.0.0.5, 10.1.0.0/16, fd00::/8` → the same entries, each checked: an IPv4 or IPv6 address,
 * optionally with a prefix length that fits its family.
 */
export function parseTrustedProxies(text: string): string[] {
  const entries: string[] = [];
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [address = '', prefix, extra] = part.split('/');
    const family = isIP(address);
    const bits = family === 4 ? 32 : 128;
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits);
    if (family === 0 || !prefixOk || extra !== undefined) {
      throw new ConfigError(`TRUSTED_PROXIES: '${part}' must be an IP address or a CIDR range such as 10.0.0.0/8`);
    }
    entries.push(part);
  }
  return entries;
}

const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * `Console.Example.com, .example.org, 10.0.0.7, ::1` → `console.example.com`, `.example.org`,
 * `10.0.0.7`, `[::1]`. Names only: a scheme, port, path or wildcard is refused rather than guessed at.
 */
export function parseAllowedHosts(text: string): string[] {
  const entries: string[] = [];
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const refuse = () =>
      new ConfigError(
        `ALLOWED_HOSTS: '${part}' must be a host name such as console.example.com, .example.com for it and its subdomains, or an IP address (no scheme, port or path)`,
      );
    const subdomains = part.startsWith('.');
    const bare = subdomains ? part.slice(1) : part;
    const unbracketed = bare.replace(/^\[(.*)\]$/, '$1');
    if (!subdomains && isIP(unbracketed) === 6) {
      entries.push(hostNameOf(`[${unbracketed}]`) ?? unbracketed);
      continue;
    }
    const name = bare.toLowerCase().replace(/\.$/, '');
    if (isIP(name) === 4 && !subdomains) {
      entries.push(name);
      continue;
    }
    if (!name.split('.').every((label) => HOST_LABEL.test(label)) || name.length > 253) throw refuse();
    entries.push(subdomains ? `.${name}` : name);
  }
  return entries;
}

/**
 * Production's rules for the keys (decision 068; METRICS_TOKEN too): each strong enough to be a key, and no
 * two alike, so a key leaking through one use (LINK_SIGNING_KEY is shared with every server type,
 * INVITE_INTAKE_KEY with the platform) opens nothing else.
 */
function checkProductionKeys(keys: Record<string, string | undefined>): void {
  const named = Object.entries(keys).filter((entry): entry is [string, string] => entry[1] !== undefined);
  for (const [name, value] of named) {
    const weakness = keyWeakness(value);
    if (weakness) {
      throw new ConfigError(
        `${described(name, value)} is too weak for APP_ENV=production: it ${weakness}, and a key needs at least ${MIN_KEY_BITS} bits of randomness; generate one with \`openssl rand -base64 32\``,
      );
    }
  }
  for (const [i, [second, value]] of named.entries()) {
    const same = named.slice(0, i).find(([, earlier]) => earlier === value);
    if (same)
      throw new ConfigError(
        `${second} must differ from ${same[0]} when APP_ENV=production: each key has one use, so that one leaking opens nothing else`,
      );
  }
}

/** Variables whose values are never repeated in a message, whatever is wrong with them. */
const SECRET_VARIABLES: ReadonlySet<string> = new Set([
  'SECRET_KEY',
  'LINK_SIGNING_KEY',
  'INVITE_INTAKE_KEY',
  'METRICS_TOKEN',
]);

/**
 * A URL with the password of its user info masked: `postgres://app:***@db/console`. The user info
 * runs to the last '@' before the path, so a password holding an unescaped '@' is masked whole.
 */
export function redactUrl(text: string): string {
  return text.replace(/^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*)@/i, (_all, scheme: string, userInfo: string) => {
    const colon = userInfo.indexOf(':');
    return colon === -1 ? `${scheme}${userInfo}@` : `${scheme}${userInfo.slice(0, colon)}:***@`;
  });
}

/** How a message names a variable and its value: secrets by length only, URLs without password. */
function described(name: string, value: string): string {
  if (SECRET_VARIABLES.has(name)) return `${name} (${value.length} characters, value not shown)`;
  if (name === 'DATABASE_URL' || name === 'SMTP_URL') return `${name}=${JSON.stringify(redactUrl(value))}`;
  return `${name}=${JSON.stringify(value)}`;
}

/** Reads the environment; throws ConfigError with a one-line message on a bad value. */
export function loadConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = v.safeParse(EnvSchema, present);
  if (!parsed.success) {
    const first = parsed.issues[0];
    const name = first.path?.map((p) => String(p.key)).join('.') ?? 'environment';
    const value = first.path ? String(present[name] ?? '') : '';
    throw new ConfigError(`${described(name, value)} ${first.message}`);
  }
  const e = parsed.output;
  if (e.APP_ENV === 'production' && !e.SECRET_KEY) {
    // A generated key is kept in the database it protects: fine for a demo, not for production data.
    throw new ConfigError(
      'SECRET_KEY is required when APP_ENV=production (at least 32 random characters, the same on every instance)',
    );
  }
  const serverTypes = e.SERVER_TYPES
    ? parseServerTypes(e.SERVER_TYPES)
    : { [e.SERVER_TYPE]: `http://localhost:${e.PORT}` };
  if (!(e.SERVER_TYPE in serverTypes)) {
    throw new ConfigError(`SERVER_TYPES must list this server's own type '${e.SERVER_TYPE}'`);
  }
  const ownHost = new URL(serverTypes[e.SERVER_TYPE]!).host;
  const listedHosts = e.ALLOWED_HOSTS === undefined ? [] : parseAllowedHosts(e.ALLOWED_HOSTS);
  let allowedHosts: string[];
  if (e.APP_ENV === 'production') {
    checkProductionKeys({
      SECRET_KEY: e.SECRET_KEY,
      LINK_SIGNING_KEY: e.LINK_SIGNING_KEY,
      INVITE_INTAKE_KEY: e.INVITE_INTAKE_KEY,
      METRICS_TOKEN: e.METRICS_TOKEN,
    });
    // No default: which names reach this server is the deployment's to say.
    if (listedHosts.length === 0) {
      throw new ConfigError(
        'ALLOWED_HOSTS is required when APP_ENV=production: the host names this server answers to, e.g. ALLOWED_HOSTS=console.example.com',
      );
    }
    // Other server types send people to this address (linked sign-in): it must be answered.
    if (e.SERVER_TYPES && !hostAllowed(ownHost, listedHosts)) {
      throw new ConfigError(
        `ALLOWED_HOSTS must include ${hostNameOf(ownHost) ?? ownHost}, this server's own address in SERVER_TYPES`,
      );
    }
    allowedHosts = listedHosts;
  } else if (listedHosts.length > 0) {
    allowedHosts = listedHosts;
  } else {
    // This machine, and the address SERVER_TYPES gives this server, so a development setup that
    // names its own host keeps working without another variable.
    const own = hostNameOf(ownHost);
    allowedHosts = own === null || hostAllowed(ownHost, LOCAL_HOSTS) ? [...LOCAL_HOSTS] : [...LOCAL_HOSTS, own];
  }
  return {
    port: e.PORT,
    databaseUrl: e.DATABASE_URL || null,
    dataDir: e.DATA_DIR,
    appEnv: e.APP_ENV,
    productKey: e.PRODUCT_KEY,
    productName: e.PRODUCT_NAME ?? defaultProductName(e.PRODUCT_KEY),
    serverType: e.SERVER_TYPE,
    serverTypes,
    secretKey: e.SECRET_KEY ?? null,
    linkSigningKey: e.LINK_SIGNING_KEY ?? null,
    sessionIdleSeconds: e.SESSION_IDLE_SECONDS,
    trustProxy: e.TRUST_PROXY,
    ...(e.TRUSTED_PROXIES ? { trustedProxies: parseTrustedProxies(e.TRUSTED_PROXIES) } : {}),
    scrypt: OWASP_SCRYPT,
    // Mail settings appear only when given; the mail module applies the defaults.
    ...(e.SMTP_URL ? { smtpUrl: e.SMTP_URL } : {}),
    ...(e.MAIL_FROM ? { mailFrom: e.MAIL_FROM } : {}),
    ...(e.INVITE_INTAKE_KEY ? { inviteIntakeKey: e.INVITE_INTAKE_KEY } : {}),
    allowedHosts,
    ...(e.LOG_LEVEL ? { logLevel: e.LOG_LEVEL } : {}),
    ...(e.METRICS_TOKEN ? { metricsToken: e.METRICS_TOKEN } : {}),
    ...(e.SHUTDOWN_DRAIN_SECONDS !== undefined ? { shutdownDrainSeconds: e.SHUTDOWN_DRAIN_SECONDS } : {}),
  };
}
