import { describe, expect, it } from 'vitest';
import {
  hashPassword,
  needsRehash,
  parseHashParams,
  randomPassword,
  verifyDummy,
  verifyPassword,
} from '../../server/auth/passwords';
import { OWASP_SCRYPT } from '../../server/config';
import { TEST_SCRYPT } from '../support/server';

describe('password hashing', () => {
  it('hashes at OWASP parameters (N=2^17, r=8, p=1) and verifies', async () => {
    const hash = await hashPassword('correct horse battery 9', OWASP_SCRYPT);
    expect(hash).toMatch(/^scrypt\$ln=17,r=8,p=1\$/);
    expect(await verifyPassword('correct horse battery 9', hash)).toBe(true);
    expect(await verifyPassword('correct horse battery 8', hash)).toBe(false);
  });

  it('stores the cost with the hash, so a cheaper hash still verifies exactly', async () => {
    const hash = await hashPassword('s3cret-pass', TEST_SCRYPT);
    expect(parseHashParams(hash)).toEqual(TEST_SCRYPT);
    expect(await verifyPassword('s3cret-pass', hash)).toBe(true);
    expect(needsRehash(hash, OWASP_SCRYPT)).toBe(true);
    expect(needsRehash(hash, TEST_SCRYPT)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same', TEST_SCRYPT)).not.toBe(await hashPassword('same', TEST_SCRYPT));
  });

  it('refuses malformed or foreign hash strings without throwing', async () => {
    for (const stored of ['', 'plain', 'scrypt$ln=99,r=8,p=1$AAAA$BBBB', 'pbkdf2_sha256$1$a$b']) {
      expect(await verifyPassword('x', stored)).toBe(false);
    }
  });

  it('answers false for an unknown user after doing the same work', async () => {
    expect(await verifyDummy('anything', TEST_SCRYPT)).toBe(false);
  });

  it('makes random passwords of 20 characters with a digit', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 50; i++) {
      const p = randomPassword();
      expect(p).toMatch(/^[A-Za-z0-9]{20}$/);
      expect(p).toMatch(/\d/);
      seen.add(p);
    }
    expect(seen.size).toBe(50);
  });
});
