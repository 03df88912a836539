import { describe, expect, it } from 'vitest';
import { SESSION_RECHECK_MS } from '../../src/domain/constants';
import { ConfigError, MAX_SESSION_IDLE_SECONDS, OWASP_SCRYPT, loadConfig, parseServerTypes, redactUrl } from '../../server/config';

describe('configuration from the environment', () => {
  it('has working defaults', () => {
    expect(loadConfig({})).toEqual({
      port: 8080, databaseUrl: null, dataDir: './data', appEnv: 'development', productKey: 'product',
      productName: 'Product', serverType: 'app', serverTypes: { app: 'http://localhost:8080' }, secretKey: null, linkSigningKey: null,
      sessionIdleSeconds: 900, trustProxy: false, scrypt: OWASP_SCRYPT,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000', DATABASE_URL: 'postgres://u@db/console', DATA_DIR: '/var/lib/console', APP_ENV: 'production',
      PRODUCT_KEY: 'acme', PRODUCT_NAME: ' Acme Research ', SERVER_TYPE: 'testing', SERVER_TYPES: 'app=https://app.example/, testing=https://testing.example',
      SECRET_KEY: 's'.repeat(40), LINK_SIGNING_KEY: 'l'.repeat(32), SESSION_IDLE_SECONDS: '60', TRUST_PROXY: 'true',
    });
    expect(config).toMatchObject({
      port: 9000, databaseUrl: 'postgres://u@db/console', dataDir: '/var/lib/console', appEnv: 'production', productKey: 'acme',
      productName: 'Acme Research', serverType: 'testing', serverTypes: { app: 'https://app.example', testing: 'https://testing.example' },
      secretKey: 's'.repeat(40), linkSigningKey: 'l'.repeat(32), sessionIdleSeconds: 60, trustProxy: true,
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
    [{ SESSION_IDLE_SECONDS: '3600' }, 'SESSION_IDLE_SECONDS="3600" must be at most 3599: shorter than the panel\'s hourly session re-check'],
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
    const messageOf = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        return (err as Error).message;
      }
      throw new Error(`no error for ${JSON.stringify(env)}`);
    };
    const secret = messageOf({ SECRET_KEY: 'hunter2-but-too-short' });
    expect(secret).toBe('SECRET_KEY (21 characters, value not shown) must be at least 32 characters');
    expect(messageOf({ LINK_SIGNING_KEY: 'link-hunter2' })).not.toContain('hunter2');
    const url = messageOf({ DATABASE_URL: 'mysql://console:hunter2@db.internal:3306/console' });
    expect(url).toBe('DATABASE_URL="mysql://console:***@db.internal:3306/console" must start with postgres:// (or be unset for SQLite)');
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
    expect(loadConfig({ APP_ENV: 'production', SECRET_KEY: 'k'.repeat(32) }).secretKey).toBe('k'.repeat(32));
    expect(loadConfig({ APP_ENV: 'development' }).secretKey).toBeNull();
    expect(loadConfig({ APP_ENV: 'test' }).secretKey).toBeNull();
  });

  it('accepts an idle timeout up to just under the panel\'s session re-check interval', () => {
    expect(MAX_SESSION_IDLE_SECONDS * 1000).toBeLessThan(SESSION_RECHECK_MS);
    expect(loadConfig({ SESSION_IDLE_SECONDS: String(MAX_SESSION_IDLE_SECONDS) }).sessionIdleSeconds).toBe(3599);
    expect(loadConfig({ SESSION_IDLE_SECONDS: '5' }).sessionIdleSeconds).toBe(5);
  });

  it('parses server types in order and refuses duplicates', () => {
    expect(parseServerTypes('app=http://a:1,testing=http://b:2')).toEqual({ app: 'http://a:1', testing: 'http://b:2' });
    expect(() => parseServerTypes('app=http://a,app=http://b')).toThrow("'app' is listed twice");
  });
});
