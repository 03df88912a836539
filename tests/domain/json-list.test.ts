// A JSON list over its limit is refused from its first items (issue 25): the count reads the
// outer list's commas, never parsing or checking the items, and stops at the first one too many.
// A long list is checked in one loop and answers as v.array does (decision 107).
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { jsonListLongerThan, longList } from '../../src/domain/json-list';
import { Id, isId } from '../../src/domain/wire';
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

describe('longList', () => {
  const ids = longList(Id, isId);
  const each = v.array(Id);
  const answer = (schema: v.GenericSchema, input: unknown) => {
    const r = v.safeParse(schema, input);
    return r.success
      ? { output: r.output as unknown }
      : { issues: r.issues.map((i) => ({ message: i.message, path: v.getDotPath(i), kind: i.kind, type: i.type })) };
  };

  it.each([
    ['ids', [1, 2, 3, 2_147_483_647]],
    ['an empty list', []],
    ['ids as digits, converted', [1, '2', '0003']],
    ['a wrong item among many', Array.from({ length: 3_000 }, (_, i) => (i === 2_345 ? 'x' : i + 1))],
    ['zero, a fraction, one too large, null, a list', [0, 1.5, 2_147_483_648, null, [1]]],
    ['no list at all', 'all of them'],
    ['an object', { 0: 1 }],
  ])('answers %s as v.array does', (_what, input) => {
    expect(answer(ids, input)).toEqual(answer(each, input));
  });

  it('gives a list of its own, not the one it was given', () => {
    const input = [1, 2];
    const r = v.parse(ids, input);
    expect(r).toEqual(input);
    expect(r).not.toBe(input);
  });
});
