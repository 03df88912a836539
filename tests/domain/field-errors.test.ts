// The one refusal shape (decision 042): issues become request fields with messages in words.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  fieldRefusalOf,
  fieldsOfIssues,
  fieldsOutside,
  fieldsUnder,
  fieldsWithin,
  issueMessage,
  summaryOf,
} from '../../src/domain/field-errors';
import { RegisterForm, UpdateAccountForm } from '../../src/domain/users';
import { USER_FIELD_LIMITS } from '../../src/domain/user-rules';

const issuesOf = (schema: v.GenericSchema, input: unknown) => {
  const parsed = v.safeParse(schema, input);
  if (parsed.success) throw new Error('expected a refusal');
  return parsed.issues;
};

describe('field errors', () => {
  it('names a field inside JSON by its path and words its limit', () => {
    const fields = fieldsOfIssues(
      issuesOf(UpdateAccountForm, {
        user_id: '1',
        version: '1',
        changes: JSON.stringify({ last_name: 'L'.repeat(314) }),
      }),
    );
    expect(fields).toEqual({ 'changes.last_name': `At most ${USER_FIELD_LIMITS.last_name} characters.` });
  });

  it("keeps a schema's own message and words the defaults", () => {
    const form = {
      organization_id: '1',
      user_type: 'trial',
      user_category: 'general',
      owner: '',
      product_configuration: 'x',
      users: JSON.stringify([{ first_name: 'A', last_name: 'B', email: 'nope' }]),
    };
    const fields = fieldsOfIssues(issuesOf(RegisterForm, form));
    expect(fields['owner']).toBe('Owner is required.');
    expect(fields['users.0.email']).toBe('Enter an email address like name@example.com.');
    expect(issueMessage(issuesOf(v.pipe(v.array(v.string()), v.maxLength(2)), ['a', 'b', 'c'])[0]!)).toBe(
      'At most 2 items.',
    );
    expect(issueMessage(issuesOf(v.object({ a: v.string() }), {})[0]!)).toBe('Required.');
    expect(issueMessage(issuesOf(v.picklist(['x', 'y']), 'z')[0]!)).toBe('Choose one of x, y.');
    expect(Object.values(fields).join(' ')).not.toMatch(/Invalid \w+:/);
  });

  it('sums up, and moves fields in and out of a prefix', () => {
    expect(summaryOf({ a: 'One.' })).toBe('One.');
    expect(summaryOf({ a: 'One.', b: 'Two.' })).toBe('2 fields are not valid.');
    const fields = { 'changes.email': 'Taken.', org_change: 'Confirm.' };
    expect(fieldsUnder(fields, 'changes')).toEqual({ email: 'Taken.' });
    expect(fieldsOutside(fields, 'changes')).toEqual({ org_change: 'Confirm.' });
    expect(fieldsWithin('users.2', { email: 'Taken.' })).toEqual({ 'users.2.email': 'Taken.' });
  });

  it('reads a refusal off a failed call by its shape, and nothing else', () => {
    expect(fieldRefusalOf({ status: 400, refusal: { msg: 'm', fields: { a: 'b' } } })).toEqual({
      msg: 'm',
      fields: { a: 'b' },
    });
    expect(fieldRefusalOf({ status: 0 })).toBeNull();
    expect(fieldRefusalOf(new Error('x'))).toBeNull();
    expect(fieldRefusalOf(null)).toBeNull();
  });
});
