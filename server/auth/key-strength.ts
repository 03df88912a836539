// How much a configured key can hold (decision 068), checked in production only. The keys that
// get typed by hand are the weak ones: a character repeated, a short phrase repeated, digits only.
// The estimate is an upper bound read from the text (its length against the kinds of character it
// uses, counting a repeated sequence once); it cannot prove a key random, only catch the keys that
// plainly are not. A key from `openssl rand -hex 16` (128 bits) or longer passes.
export const MIN_KEY_BITS = 128;
/** Fewer different characters than this is no generated key: 32 random hex digits show fewer about once in thirty million. */
export const MIN_DISTINCT_CHARACTERS = 8;

/**
 * The length of the shortest sequence the key repeats at least twice (`abcabcab` → 3); the key's
 * length when it repeats none. (A random key often ends as it began; that is no repetition.)
 */
function periodOf(chars: readonly string[]): number {
  for (let p = 1; p <= chars.length / 2; p++) {
    if (chars.every((c, i) => i < p || c === chars[i - p])) return p;
  }
  return chars.length;
}

/** How many characters each position could have been, judged by the kinds present. */
function alphabetSize(chars: readonly string[]): number {
  const text = chars.join('');
  // Hex when it has hex letters of one case; digits alone are digits (32 hold about 106 bits).
  if ((/^[0-9a-f]+$/.test(text) || /^[0-9A-F]+$/.test(text)) && /[a-f]/i.test(text)) return 16;
  let size = 0;
  if (/[a-z]/.test(text)) size += 26;
  if (/[A-Z]/.test(text)) size += 26;
  if (/[0-9]/.test(text)) size += 10;
  if (/[^a-zA-Z0-9]/.test(text)) size += 33;
  return size;
}

/** At most this many bits: the repeated sequence's length times the bits a position of its alphabet holds. */
export function estimatedKeyBits(key: string): number {
  const chars = Array.from(key);
  const unit = chars.slice(0, periodOf(chars));
  return Math.floor(unit.length * Math.log2(Math.max(alphabetSize(unit), 1)));
}

/** Why a key is too weak for production, in words ("has 1 different character"), or null. */
export function keyWeakness(key: string): string | null {
  const chars = Array.from(key);
  const distinct = new Set(chars).size;
  if (distinct < MIN_DISTINCT_CHARACTERS) return `has only ${distinct} different character${distinct === 1 ? '' : 's'}`;
  const bits = estimatedKeyBits(key);
  if (bits >= MIN_KEY_BITS) return null;
  const period = periodOf(chars);
  return `holds at most about ${bits} bits${period < chars.length ? ` (a sequence of ${period} characters repeated)` : ''}`;
}
