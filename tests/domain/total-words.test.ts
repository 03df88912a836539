import { describe, expect, it } from 'vitest';
import { TOTAL_CAP, totalWords } from '../../src/domain/users';

describe('totalWords', () => {
  it('says an exact total in figures and a capped one as "more than"', () => {
    expect(totalWords(0)).toBe('0');
    expect(totalWords(TOTAL_CAP)).toBe('1,000');
    expect(totalWords(TOTAL_CAP + 1)).toBe('more than 1,000');
  });
});
