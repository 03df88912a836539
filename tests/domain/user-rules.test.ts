// The user-area rules of spec §4 and §5, exactly as written there.
import { describe, expect, it } from 'vitest';
import {
  EMAIL_PATTERN,
  PASSWORD_PATTERN,
  PHONE_PATTERN,
  addToDate,
  dataPlanMessages,
  expiryDefault,
  formatExpiry,
  isCreateValid,
  parseExpiry,
  reconcileDataPlan,
  stepOneErrors,
  usersErrors,
  type CreateStepOne,
} from '../../src/domain/user-rules';

const today = { year: 2026, month: 11, day: 21 };
const P = 'acme';
const msg = dataPlanMessages(P);

describe('expiry defaults (spec §4)', () => {
  it.each([
    ['trial', '12-06-2026'],
    ['test_user', '12-06-2026'],
    ['customer', '11-21-2027'],
    ['is_staff', '11-21-2027'],
    ['journalist', '11-21-2027'],
    ['partner', '11-21-2027'],
    ['student', '02-21-2027'],
    ['grace_customer', '12-21-2026'],
    ['churn_customer', '11-22-2026'],
    ['unassigned', '11-22-2026'],
    ['some_future_type', '11-21-2027'],
  ])('%s expires on %s when created on 11-21-2026', (type, expected) => {
    expect(formatExpiry(expiryDefault(type, today))).toBe(expected);
  });

  it('treats a user without a type as unassigned: one day', () => {
    expect(formatExpiry(expiryDefault('', today))).toBe('11-22-2026');
  });

  it('counts months by the calendar, ending on the last day of a shorter month', () => {
    expect(formatExpiry(expiryDefault('grace_customer', { year: 2027, month: 1, day: 31 }))).toBe('02-28-2027');
    expect(formatExpiry(expiryDefault('student', { year: 2026, month: 11, day: 30 }))).toBe('02-28-2027');
    expect(addToDate({ year: 2028, month: 1, day: 31 }, { months: 1 })).toEqual({ year: 2028, month: 2, day: 29 });
  });

  it('crosses years by days', () => {
    expect(formatExpiry(expiryDefault('trial', { year: 2026, month: 12, day: 25 }))).toBe('01-09-2027');
  });
});

describe('the expiry date format (spec §2)', () => {
  it('reads and writes month-day-year', () => {
    expect(parseExpiry('02-29-2028')).toEqual({ year: 2028, month: 2, day: 29 });
    expect(formatExpiry({ year: 2028, month: 2, day: 29 })).toBe('02-29-2028');
  });

  it.each(['02-29-2027', '13-01-2027', '00-10-2027', '12-32-2027', '2027-01-01', '1-1-2027', '01-01-3001', ''])(
    'refuses %j',
    (text) => {
      expect(parseExpiry(text)).toBeNull();
    },
  );

  it('allows 31 December 3000 and nothing later', () => {
    expect(parseExpiry('12-31-3000')).toEqual({ year: 3000, month: 12, day: 31 });
    expect(parseExpiry('01-01-3001')).toBeNull();
  });
});

describe('data plan rules (spec §5)', () => {
  it("drops 'null' when other items are chosen", () => {
    expect(reconcileDataPlan(P, ['null', 'rns'], 'general')).toEqual({ plan: ['rns'], notices: [], error: null });
    expect(reconcileDataPlan(P, ['null'], 'general').plan).toEqual(['null']);
  });

  it('lets alternative data replace data when alt is chosen after data', () => {
    expect(reconcileDataPlan(P, ['acme_data', 'acme_alt_data'], 'general')).toEqual({
      plan: ['acme_alt_data'],
      notices: [msg.altReplacesData],
      error: null,
    });
    expect(msg.altReplacesData).toBe(
      'Acme Alternative data has all the features of Acme Data. Therefore, Acme data has been removed from selection.',
    );
  });

  it('refuses data after alternative data, keeping alternative data', () => {
    expect(reconcileDataPlan(P, ['acme_alt_data', 'acme_data'], 'general')).toEqual({
      plan: ['acme_alt_data'],
      notices: [msg.notBoth],
      error: null,
    });
    expect(msg.notBoth).toBe("Data plan can't be Acme data and Acme alternative data together.");
  });

  it('adds data when shareholder data comes without either data plan', () => {
    expect(reconcileDataPlan(P, ['shareholder_data'], 'general')).toEqual({
      plan: ['acme_data', 'shareholder_data'],
      notices: [msg.shareholderNeedsData],
      error: null,
    });
    expect(msg.shareholderNeedsData).toBe(
      'User must have Acme Data to have shareholder data. Acme data has been assigned as a result.',
    );
  });

  it('accepts shareholder data with alternative data as it is', () => {
    expect(reconcileDataPlan(P, ['acme_alt_data', 'shareholder_data'], 'general')).toEqual({
      plan: ['acme_alt_data', 'shareholder_data'],
      notices: [],
      error: null,
    });
  });

  it.each(['ir', 'workiva'])('makes the plan invalid for the %s category with either data plan', (category) => {
    for (const item of ['acme_data', 'acme_alt_data']) {
      expect(reconcileDataPlan(P, [item], category).error).toBe(
        "IR and Workiva user category can't have Acme data or Acme alternative data.",
      );
    }
    expect(reconcileDataPlan(P, ['rns', 'lexis_nexis'], category).error).toBeNull();
  });

  it('flags the IR category even when shareholder data pulled data in', () => {
    const result = reconcileDataPlan(P, ['shareholder_data'], 'ir');
    expect(result.plan).toEqual(['acme_data', 'shareholder_data']);
    expect(result.error).toBe(msg.categoryForbidsData);
  });
});

describe('field patterns (spec §5)', () => {
  it.each(['a@b.co', 'first.last+tag@sub.example.com'])('accepts the email %s', (e) =>
    expect(EMAIL_PATTERN.test(e)).toBe(true),
  );
  it.each(['plain', 'a@b', '@b.co', 'a b@c.co', 'a@b..co', 'a@.co'])('refuses the email %s', (e) =>
    expect(EMAIL_PATTERN.test(e)).toBe(false),
  );

  it.each(['', 'abcdefghi1', 'Pass.word!1', '1234567890', 'a1!@#$%^&*'])('accepts the password %j', (p) =>
    expect(PASSWORD_PATTERN.test(p)).toBe(true),
  );
  it.each(['abcdefghij', 'abc1', 'abcdefghi 1', 'abcdefghi1€', 'abcdefgh(1'])('refuses the password %j', (p) =>
    expect(PASSWORD_PATTERN.test(p)).toBe(false),
  );

  it.each(['', '5551234', '555-123-4567', '555.123.4567', '44 20 7946 0', '555-1234 x12', '555-1234 ext. 7'])(
    'accepts the phone %j',
    (p) => {
      expect(PHONE_PATTERN.test(p)).toBe(true);
    },
  );
  it.each(['123456', '1234567890123', '555-CALL-NOW', '+1 555 1234', '555-1234 x', '-------'])(
    'refuses the phone %j',
    (p) => {
      expect(PHONE_PATTERN.test(p)).toBe(false);
    },
  );
});

describe('create form validity (spec §5)', () => {
  const step: CreateStepOne = {
    organization_id: 7,
    user_type: 'trial',
    user_category: 'general',
    owner: 'admin',
    product_configuration: 'acme_basic',
    data_plan: [],
    expiry_dt: '12-06-2026',
  };
  const row = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' };

  it('is valid with the required fields and one complete user; the password is optional', () => {
    expect(isCreateValid(P, step, [row])).toBe(true);
    expect(isCreateValid(P, step, [{ ...row, password: '' }])).toBe(true);
  });

  it.each(['organization_id', 'user_type', 'user_category', 'owner', 'product_configuration'] as const)(
    'needs %s',
    (field) => {
      const broken = { ...step, [field]: field === 'organization_id' ? null : '' };
      expect(Object.keys(stepOneErrors(P, broken))).toEqual([field]);
      expect(isCreateValid(P, broken, [row])).toBe(false);
    },
  );

  it('is invalid when the data plan breaks the category rule', () => {
    expect(stepOneErrors(P, { ...step, user_category: 'ir', data_plan: ['acme_data'] })).toEqual({
      data_plan: msg.categoryForbidsData,
    });
  });

  it.each(['first_name', 'last_name', 'email'] as const)('needs %s on every user', (field) => {
    expect(usersErrors([row, { ...row, email: 'b@example.com', [field]: ' ' }])).toEqual({
      1: { [field]: expect.stringMatching(/is required/) },
    });
  });

  it('checks each row on its own, and refuses a repeated email', () => {
    const errors = usersErrors([
      row,
      { ...row, email: 'ADA@example.com' },
      { ...row, email: 'x@y.co', password: 'short1' },
    ]);
    expect(errors[1]).toEqual({ email: 'The same email as row 1.' });
    expect(Object.keys(errors[2]!)).toEqual(['password']);
    expect(errors[0]).toBeUndefined();
  });

  it('needs at least one user', () => {
    expect(isCreateValid(P, step, [])).toBe(false);
  });
});
