// Tag display rules of spec §5 and §9.
import { describe, expect, it } from 'vitest';
import { DEFAULT_TAG_COLOR, labelTextColor, previewText } from '../../src/domain/tags';

describe('tag description previews', () => {
  it('cuts tag descriptions at 50 characters plus ...', () => {
    expect(previewText('x'.repeat(50), false)).toBe('x'.repeat(50));
    expect(previewText('x'.repeat(51), false)).toBe(`${'x'.repeat(50)}...`);
  });

  it('cuts tag group descriptions at 10 characters plus ...', () => {
    expect(previewText('Energy and utilities', true)).toBe('Energy and...');
    expect(previewText('Energy', true)).toBe('Energy');
  });
});

describe('tag label contrast', () => {
  it.each([
    ['#FFFFFF', 'black'],
    ['#000000', 'white'],
    [DEFAULT_TAG_COLOR, 'black'],
    ['#1E3A8A', 'white'],
    ['#FACC15', 'black'],
    ['#DC2626', 'white'],
  ])('writes on %s in %s', (color, text) => {
    expect(labelTextColor(color)).toBe(text);
  });

  it('falls back to the default colour for a malformed one', () => {
    expect(labelTextColor('red')).toBe(labelTextColor(DEFAULT_TAG_COLOR));
  });
});
