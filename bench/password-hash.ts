// Cost of one password hash and one verification at the OWASP scrypt parameters.
import { hashPassword, verifyPassword } from '../server/auth/passwords';
import { OWASP_SCRYPT } from '../server/config';

export async function benchPasswordHash(rounds = 5): Promise<string[]> {
  const hashTimes: number[] = [];
  const verifyTimes: number[] = [];
  for (let i = 0; i < rounds; i++) {
    let t = performance.now();
    const hash = await hashPassword(`bench-password-${i}`, OWASP_SCRYPT);
    hashTimes.push(performance.now() - t);
    t = performance.now();
    await verifyPassword(`bench-password-${i}`, hash);
    verifyTimes.push(performance.now() - t);
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  return [
    `scrypt N=2^17 r=8 p=1: hash ${mean(hashTimes).toFixed(0)} ms, verify ${mean(verifyTimes).toFixed(0)} ms (mean of ${rounds})`,
  ];
}
