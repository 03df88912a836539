import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { claimStep, matchingStep, newTotpSecret, openSecret, sealSecret, totpCode } from '../../server/auth/totp';
import { createTestServer } from '../support/server';

// RFC 6238 Appendix B, SHA-1 rows: seed "12345678901234567890", T0 = 0, X = 30 s, 8 digits.
const RFC_SECRET = Secret.fromLatin1('12345678901234567890');
const RFC_VECTORS: [number, string][] = [
  [59, '94287082'],
  [1_111_111_109, '07081804'],
  [1_111_111_111, '14050471'],
  [1_234_567_890, '89005924'],
  [2_000_000_000, '69279037'],
  [20_000_000_000, '65353130'],
];

describe('RFC 6238 test vectors', () => {
  it.each(RFC_VECTORS)('gives the 8-digit SHA-1 code at T=%i', (seconds, code) => {
    expect(
      TOTP.generate({ secret: RFC_SECRET, algorithm: 'SHA1', digits: 8, period: 30, timestamp: seconds * 1000 }),
    ).toBe(code);
  });

  it.each(RFC_VECTORS)(
    "gives the panel's 6-digit code at T=%i as the low digits of the same HOTP value",
    (seconds, code) => {
      expect(totpCode(RFC_SECRET.base32, seconds * 1000)).toBe(code.slice(2));
    },
  );
});

describe('drift window', () => {
  const secret = newTotpSecret();
  const at = 1_700_000_000_000;
  const step = Math.floor(at / 30_000);

  it('accepts the codes of one step before and one step after', () => {
    expect(matchingStep(secret, totpCode(secret, at - 30_000), at)).toBe(step - 1);
    expect(matchingStep(secret, totpCode(secret, at), at)).toBe(step);
    expect(matchingStep(secret, totpCode(secret, at + 30_000), at)).toBe(step + 1);
  });

  it('refuses codes two steps away', () => {
    expect(matchingStep(secret, totpCode(secret, at - 60_000), at)).toBeNull();
    expect(matchingStep(secret, totpCode(secret, at + 60_000), at)).toBeNull();
  });

  it('refuses a code of another secret', () => {
    expect(matchingStep(newTotpSecret(), totpCode(secret, at), at)).toBeNull();
  });
});

describe('replay', () => {
  it('accepts each time step once, and never an earlier one', async () => {
    const server = await createTestServer();
    try {
      const staff = await server.createStaff({ username: 'rita', features: ['admin_panel_access'], activated: true });
      const user = await server.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', staff.username)
        .executeTakeFirstOrThrow();
      expect(await claimStep(server.db, user.id, 1000)).toBe(true);
      expect(await claimStep(server.db, user.id, 1000)).toBe(false);
      expect(await claimStep(server.db, user.id, 999)).toBe(false);
      expect(await claimStep(server.db, user.id, 1001)).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('lets only one of many simultaneous claims of the same step win', async () => {
    const server = await createTestServer();
    try {
      await server.createStaff({ username: 'sim', features: ['admin_panel_access'], activated: true });
      const user = await server.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'sim')
        .executeTakeFirstOrThrow();
      const results = await Promise.all(Array.from({ length: 8 }, () => claimStep(server.db, user.id, 5000)));
      expect(results.filter(Boolean)).toHaveLength(1);
    } finally {
      await server.close();
    }
  });
});

describe('secrets at rest', () => {
  const key = Buffer.alloc(32, 7);

  it('stores no readable secret and opens it again for the same user', () => {
    const secret = newTotpSecret();
    const sealed = sealSecret(secret, key, 12);
    expect(sealed).not.toContain(secret);
    expect(openSecret(sealed, key, 12)).toBe(secret);
  });

  it('will not open a row moved to another user, altered, or sealed under another key', () => {
    const sealed = sealSecret(newTotpSecret(), key, 12);
    expect(openSecret(sealed, key, 13)).toBeNull();
    expect(openSecret(sealed, Buffer.alloc(32, 8), 12)).toBeNull();
    const [v, iv, body, tag] = sealed.split('.');
    const flipped = body!.startsWith('A') ? `B${body!.slice(1)}` : `A${body!.slice(1)}`;
    expect(openSecret([v, iv, flipped, tag].join('.'), key, 12)).toBeNull();
  });
});
