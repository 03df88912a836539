import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SESSION_RECHECK_MS } from '../../src/domain/constants';
import {
  ConfigError,
  MAX_SESSION_IDLE_SECONDS,
  OWASP_SCRYPT,
  loadConfig,
  parseAllowedHosts,
  parseServerTypes,
  redactUrl,
} from '../../server/config';
import { seededRandom } from '../../server/db/seed';

/** What `openssl rand -base64 32` gives: a key of real entropy. */
const strongKey = () => randomBytes(32).toString('base64');

/** The ConfigError's message for this environment (a test fails if it loads). */
function messageOf(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error(`no error for ${JSON.stringify(env)}`);
}

describe('configuration from the environment', () => {
  it('has working defaults', () => {
    expect(loadConfig({})).toEqual({
      port: 8080,
      databaseUrl: null,
      dataDir: './data',
      appEnv: 'development',
      productKey: 'product',
      productName: 'Product',
      serverType: 'app',
      serverTypes: { app: 'http://localhost:8080' },
      secretKey: null,
      linkSigningKey: null,
      sessionIdleSeconds: 900,
      trustProxy: false,
      scrypt: OWASP_SCRYPT,
      allowedHosts: ['localhost', '127.0.0.1', '[::1]'],
    });
  });

  it('reads every variable', () => {
    const [secret, link, intake] = [strongKey(), strongKey(), strongKey()];
    const config = loadConfig({
      PORT: '9000',
      DATABASE_URL: 'postgres://u@db/console',
      DATA_DIR: '/var/lib/console',
      APP_ENV: 'production',
      PRODUCT_KEY: 'acme',
      PRODUCT_NAME: ' Acme Research ',
      SERVER_TYPE: 'testing',
      SERVER_TYPES: 'app=https://app.example/, testing=https://testing.example',
      SECRET_KEY: secret,
      LINK_SIGNING_KEY: link,
      INVITE_INTAKE_KEY: intake,
      SESSION_IDLE_SECONDS: '60',
      TRUST_PROXY: 'true',
      ALLOWED_HOSTS: 'testing.example, Console.Example.com ,.internal.example',
    });
    expect(config).toMatchObject({
      port: 9000,
      databaseUrl: 'postgres://u@db/console',
      dataDir: '/var/lib/console',
      appEnv: 'production',
      productKey: 'acme',
      productName: 'Acme Research',
      serverType: 'testing',
      serverTypes: { app: 'https://app.example', testing: 'https://testing.example' },
      secretKey: secret,
      linkSigningKey: link,
      inviteIntakeKey: intake,
      sessionIdleSeconds: 60,
      trustProxy: true,
      allowedHosts: ['testing.example', 'console.example.com', '.internal.example'],
    });
  });

  it('names the product after its key when PRODUCT_NAME is unset', () => {
    expect(loadConfig({ PRODUCT_KEY: 'research_hub' }).productName).toBe('Research hub');
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT="eighty" must be a whole number'],
    [{ PORT: '70000' }, 'PORT="70000" must be 1–65535'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL="mysql://x" must start with postgres://'],
    [{ APP_ENV: 'staging' }, 'APP_ENV="staging" must be one of production, development, test'],
    [{ SECRET_KEY: 'short' }, 'SECRET_KEY (5 characters, value not shown) must be at least 32 characters'],
    [{ LINK_SIGNING_KEY: 'short' }, 'LINK_SIGNING_KEY (5 characters, value not shown) must be at least 32 characters'],
    [{ SESSION_IDLE_SECONDS: '-5' }, 'SESSION_IDLE_SECONDS="-5" must be a whole number of seconds'],
    [
      { SESSION_IDLE_SECONDS: '3600' },
      'SESSION_IDLE_SECONDS="3600" must be at most 3599: shorter than the panel\'s hourly session re-check',
    ],
    [{ SESSION_IDLE_SECONDS: '43200' }, 'SESSION_IDLE_SECONDS="43200" must be at most 3599'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY="maybe" must be true or false'],
    [{ PRODUCT_NAME: '  ' }, 'PRODUCT_NAME="  " must not be empty'],
    [{ PRODUCT_NAME: '<b>Acme</b>' }, 'PRODUCT_NAME="<b>Acme</b>" must be plain text'],
    [{ PRODUCT_NAME: 'A'.repeat(41) }, 'must be at most 40 characters'],
    [{ SERVER_TYPES: 'testing=http://t' }, "SERVER_TYPES must list this server's own type 'app'"],
    [{ SERVER_TYPES: 'app' }, "SERVER_TYPES: 'app' must read name=http(s)://host"],
    [{ SERVER_TYPES: 'app=ftp://x' }, "SERVER_TYPES: 'app' needs an http(s) base URL"],
  ])('refuses %o with one clear line', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('never repeats a secret or a database password in its messages', () => {
    const secret = messageOf({ SECRET_KEY: 'hunter2-but-too-short' });
    expect(secret).toBe('SECRET_KEY (21 characters, value not shown) must be at least 32 characters');
    expect(messageOf({ LINK_SIGNING_KEY: 'link-hunter2' })).not.toContain('hunter2');
    const url = messageOf({ DATABASE_URL: 'mysql://console:hunter2@db.internal:3306/console' });
    expect(url).toBe(
      'DATABASE_URL="mysql://console:***@db.internal:3306/console" must start with postgres:// (or be unset for SQLite)',
    );
    expect(messageOf({ DATABASE_URL: 'pg://console:s3cr@t@db/console' })).not.toMatch(/s3cr|t@db/);
  });

  it('masks only the password of a URL', () => {
    expect(redactUrl('postgres://app:pw@db:5432/console?ssl=true')).toBe('postgres://app:***@db:5432/console?ssl=true');
    expect(redactUrl('postgres://app:p@ss@db/console')).toBe('postgres://app:***@db/console');
    expect(redactUrl('postgres://app@db/console')).toBe('postgres://app@db/console');
    expect(redactUrl('postgres://db/console')).toBe('postgres://db/console');
  });

  it('requires SECRET_KEY in production, and generates one only in development and test', () => {
    expect(() => loadConfig({ APP_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ APP_ENV: 'production' })).toThrow('SECRET_KEY is required when APP_ENV=production');
    const key = strongKey();
    expect(loadConfig({ APP_ENV: 'production', SECRET_KEY: key, ALLOWED_HOSTS: 'console.example.com' }).secretKey).toBe(
      key,
    );
    expect(loadConfig({ APP_ENV: 'development' }).secretKey).toBeNull();
    expect(loadConfig({ APP_ENV: 'test' }).secretKey).toBeNull();
  });

  it("accepts an idle timeout up to just under the panel's session re-check interval", () => {
    expect(MAX_SESSION_IDLE_SECONDS * 1000).toBeLessThan(SESSION_RECHECK_MS);
    expect(loadConfig({ SESSION_IDLE_SECONDS: String(MAX_SESSION_IDLE_SECONDS) }).sessionIdleSeconds).toBe(3599);
    expect(loadConfig({ SESSION_IDLE_SECONDS: '5' }).sessionIdleSeconds).toBe(5);
  });

  it('parses server types in order and refuses duplicates', () => {
    expect(parseServerTypes('app=http://a:1,testing=http://b:2')).toEqual({ app: 'http://a:1', testing: 'http://b:2' });
    expect(() => parseServerTypes('app=http://a,app=http://b')).toThrow("'app' is listed twice");
  });
});

describe('a production start (decision 068)', () => {
  const production = (env: Record<string, string> = {}) => ({
    APP_ENV: 'production',
    SECRET_KEY: strongKey(),
    ALLOWED_HOSTS: 'console.example.com',
    ...env,
  });

  it('refuses the same trivially weak key for all three at once, naming the variable and not the value', () => {
    const a32 = 'a'.repeat(32);
    const message = messageOf(production({ SECRET_KEY: a32, LINK_SIGNING_KEY: a32, INVITE_INTAKE_KEY: a32 }));
    expect(message).toMatch(/^SECRET_KEY \(32 characters, value not shown\) is too weak for APP_ENV=production: /);
    expect(message).toContain('at least 128 bits');
    expect(message).not.toContain(a32);
  });

  it.each(['SECRET_KEY', 'LINK_SIGNING_KEY', 'INVITE_INTAKE_KEY'])('refuses a weak %s', (name) => {
    const weak = [
      'a'.repeat(32),
      'ab'.repeat(16),
      'a'.repeat(31) + 'b',
      // A pattern repeated: its characters vary, but the key is one short sequence.
      'Password1!'.repeat(4),
      'changeme-'.repeat(4),
      '0123456789abcdef'.repeat(2),
      // Digits alone: 32 of them hold about 106 bits.
      '31415926535897932384626433832795',
    ];
    for (const key of weak) {
      expect(messageOf(production({ [name]: key }))).toMatch(
        new RegExp(`^${name} \\(\\d+ characters, value not shown\\) is too weak for APP_ENV=production`),
      );
    }
  });

  it.each([
    ['SECRET_KEY', 'LINK_SIGNING_KEY'],
    ['SECRET_KEY', 'INVITE_INTAKE_KEY'],
    ['LINK_SIGNING_KEY', 'INVITE_INTAKE_KEY'],
  ])('refuses %s and %s holding one key', (first, second) => {
    const shared = strongKey();
    expect(messageOf(production({ [first]: shared, [second]: shared }))).toMatch(
      new RegExp(`^${second} must differ from ${first} when APP_ENV=production`),
    );
  });

  it('accepts generated keys, whatever tool made them', () => {
    // Deterministic stand-ins for `openssl rand -hex 16`, `-hex 32` and `-base64 32`: a check that
    // refused one in a thousand real keys would be a nuisance.
    const random = seededRandom(66);
    const bytes = (n: number) => Buffer.from(Array.from({ length: n }, () => Math.floor(random() * 256)));
    for (let i = 0; i < 1000; i++) {
      const [secret, link, intake] = [
        bytes(16).toString('hex'),
        bytes(32).toString('hex'),
        bytes(32).toString('base64'),
      ];
      expect(
        loadConfig(production({ SECRET_KEY: secret, LINK_SIGNING_KEY: link, INVITE_INTAKE_KEY: intake })).secretKey,
      ).toBe(secret);
    }
  });

  it('keeps development and test as they were: any key of 32 characters, shared or not', () => {
    const a32 = 'a'.repeat(32);
    for (const APP_ENV of ['development', 'test']) {
      expect(loadConfig({ APP_ENV, SECRET_KEY: a32, LINK_SIGNING_KEY: a32, INVITE_INTAKE_KEY: a32 })).toMatchObject({
        secretKey: a32,
        linkSigningKey: a32,
      });
    }
  });

  it('requires ALLOWED_HOSTS', () => {
    const { ALLOWED_HOSTS: _, ...env } = production();
    expect(messageOf(env)).toBe(
      'ALLOWED_HOSTS is required when APP_ENV=production: the host names this server answers to, e.g. ALLOWED_HOSTS=console.example.com',
    );
    expect(messageOf({ ...env, ALLOWED_HOSTS: ' , ' })).toMatch(/^ALLOWED_HOSTS is required when APP_ENV=production/);
  });

  it("requires this server's own SERVER_TYPES host among ALLOWED_HOSTS, when SERVER_TYPES is given", () => {
    const env = production({ SERVER_TYPES: 'app=https://admin.example.com,testing=https://admin-testing.example.com' });
    expect(messageOf(env)).toBe(
      "ALLOWED_HOSTS must include admin.example.com, this server's own address in SERVER_TYPES",
    );
    expect(loadConfig({ ...env, ALLOWED_HOSTS: 'admin.example.com' }).allowedHosts).toEqual(['admin.example.com']);
    expect(loadConfig({ ...env, ALLOWED_HOSTS: '.example.com' }).allowedHosts).toEqual(['.example.com']);
  });
});

describe('ALLOWED_HOSTS', () => {
  it('defaults to the local names in development and test, with the own SERVER_TYPES host', () => {
    expect(loadConfig({ APP_ENV: 'test' }).allowedHosts).toEqual(['localhost', '127.0.0.1', '[::1]']);
    expect(loadConfig({ SERVER_TYPES: 'app=https://admin.example.com' }).allowedHosts).toEqual([
      'localhost',
      '127.0.0.1',
      '[::1]',
      'admin.example.com',
    ]);
    expect(loadConfig({ ALLOWED_HOSTS: 'dev.example' }).allowedHosts).toEqual(['dev.example']);
  });

  it('reads names, subdomain patterns and addresses, in lower case', () => {
    expect(parseAllowedHosts('Console.Example.com, .example.org, 10.0.0.7, [::1], ::1, localhost.')).toEqual([
      'console.example.com',
      '.example.org',
      '10.0.0.7',
      '[::1]',
      '[::1]',
      'localhost',
    ]);
  });

  it.each([
    'https://console.example.com',
    'console.example.com:8080',
    'console.example.com/admin',
    '*',
    'exa mple.com',
    '-bad.example',
    '..example',
  ])('refuses %s with one clear line', (entry) => {
    expect(() => parseAllowedHosts(entry)).toThrow(ConfigError);
    expect(() => parseAllowedHosts(entry)).toThrow(
      `ALLOWED_HOSTS: '${entry}' must be a host name such as console.example.com, .example.com for it and its subdomains, or an IP address (no scheme, port or path)`,
    );
  });
});
