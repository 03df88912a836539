// Form drafts in sessionStorage (decision 042): per form, record and staff member, versioned,
// tolerant of whatever else the storage holds.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearAllDrafts,
  clearDraft,
  DRAFT_VERSION,
  draftStorageKey,
  readDraft,
  writeDraft,
} from '../../src/services/drafts';

const at = { form: 'user-edit', record: 7, staff: 1 };
const asText = (value: unknown) => (typeof value === 'string' ? value : null);

afterEach(() => {
  sessionStorage.clear();
  vi.restoreAllMocks();
});

describe('drafts', () => {
  it('keeps a draft per form, record and staff member', () => {
    expect(writeDraft(at, 'typed')).toBe(true);
    expect(readDraft(at, asText)).toBe('typed');
    expect(readDraft({ ...at, record: 8 }, asText)).toBeNull();
    expect(readDraft({ ...at, staff: 2 }, asText)).toBeNull();
    expect(readDraft({ ...at, form: 'user-create' }, asText)).toBeNull();
    clearDraft(at);
    expect(readDraft(at, asText)).toBeNull();
  });

  it('reads broken JSON, another version or a refused shape as no draft, and removes it', () => {
    const key = draftStorageKey(at);
    for (const raw of [
      '{not json',
      JSON.stringify({ v: DRAFT_VERSION + 1, savedAt: 0, value: 'old' }),
      JSON.stringify({ v: DRAFT_VERSION, savedAt: 0, value: 42 }),
      'null',
    ]) {
      sessionStorage.setItem(key, raw);
      expect(readDraft(at, asText)).toBeNull();
      expect(sessionStorage.getItem(key)).toBeNull();
    }
  });

  it('says when the browser would not keep it', () => {
    const full = vi.spyOn(sessionStorage, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(writeDraft(at, 'typed')).toBe(false);
    full.mockRestore();
  });

  it('clears every draft on sign-out, and only drafts', () => {
    writeDraft(at, 'a');
    writeDraft({ form: 'user-create', record: 'new', staff: 3 }, 'b');
    sessionStorage.setItem('something.else', 'kept');
    clearAllDrafts();
    expect(sessionStorage.length).toBe(1);
    expect(sessionStorage.getItem('something.else')).toBe('kept');
  });
});
