// A JSON list over its limit is refused from its first items (issue 25): the count reads the
// outer list's commas, never parsing or checking the items, and stops at the first one too many.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { jsonListLongerThan } from '../../src/domain/json-list';
import { GroupUploadForm } from '../../src/domain/groups-v2';
import { AssignTagsForm } from '../../src/domain/tags';
import { UploadBulkEditForm } from '../../src/domain/users';

describe('jsonListLongerThan', () => {
  it('counts the items of the outer list only, commas inside strings and nested values aside', () => {
    expect(jsonListLongerThan('[1,2,3]', 3)).toBe(false);
    expect(jsonListLongerThan(' [1,2,3,4]', 3)).toBe(true);
    expect(jsonListLongerThan('[]', 0)).toBe(false);
    expect(jsonListLongerThan('[[1,2,3],{"a":1,"b":[4,5]}]', 2)).toBe(false);
    expect(jsonListLongerThan('["a,b","c\\\\",","d\\\\\\"e,f"]', 3)).toBe(false);
    expect(jsonListLongerThan('["a,b","c\\\\",","d\\\\\\"e,f"]', 2)).toBe(true);
  });

  it('leaves what is no list, or breaks before the limit, to the JSON parser', () => {
    expect(jsonListLongerThan('{"a":[1,2,3,4]}', 1)).toBe(false);
    expect(jsonListLongerThan('"1,2,3,4"', 1)).toBe(false);
    expect(jsonListLongerThan('[1,"open, and, never, closed', 2)).toBe(false);
  });

  it('stops at the item past the limit: what follows is never read', () => {
    expect(jsonListLongerThan(`[1,2,3,4,${'"'.repeat(3)} not JSON`, 3)).toBe(true);
  });
});

describe('the list fields', () => {
  const over = (n: number) => `[${'"x",'.repeat(n)}"x" and then no JSON`;
  const message = (schema: v.GenericSchema, input: unknown) => v.safeParse(schema, input).issues?.[0]?.message;

  it('refuse a list one over the limit by its count, unparsed', () => {
    expect(message(AssignTagsForm, { tags: '[1]', userIds: over(100_000) })).toBe('Send at most 100,000 users.');
    expect(message(GroupUploadForm, { group_id: '1', identifiers: over(20_000) })).toBe(
      'Send at most 20,000 identifiers.',
    );
    expect(message(UploadBulkEditForm, { identifiers: over(100_000) })).toBe('Send at most 100,000 identifiers.');
  });

  it('take a list at the limit as before', () => {
    const full = JSON.stringify(Array.from({ length: 20_000 }, (_, i) => `user${i}`));
    expect(v.safeParse(GroupUploadForm, { group_id: '1', identifiers: full }).success).toBe(true);
  });
});
