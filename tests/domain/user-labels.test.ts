// The one set of names the user screens show for the values and fields of spec §3: every value
// and every flag has a readable name, names that carry the platform key say it, no two fields
// share a name, and a value the set does not know is shown as stored.
import { describe, expect, it } from 'vitest';
import { nameProduct, productNames } from '../../src/domain/product';
import {
  BETA_FLAGS,
  RMS_VERSIONS,
  RR_PRO_OPTIONS,
  SUBSCRIPTION_STATUSES,
  TR_SRC_OPTIONS,
  USER_SWITCHES,
  bulkEditFields,
  flagKeys,
} from '../../src/domain/user-fields';
import { USER_CATEGORIES, USER_TYPES } from '../../src/domain/user-kinds';
import {
  categoryLabel,
  configurationLabel,
  dataPlanLabel,
  optionLabel,
  ownerLabel,
  startupScreenLabel,
  subscriptionStatusLabel,
  userFieldLabel,
  userTypeLabel,
} from '../../src/domain/user-labels';
import { NO_DATA_PLAN, dataPlanMessages } from '../../src/domain/user-rules';

const P = 'acme';
const names = productNames(P);
/** What a person reads for the key: never the key itself. */
const N = names.name;

/** A name a person reads: not the raw value, no wire underscores, capitalised (the product's display name is too). */
function expectReadable(label: string, raw: string): void {
  expect(label, raw).not.toBe(raw);
  expect(label, raw).not.toMatch(/_/);
  expect(label, raw).toMatch(/^[A-Z]/);
}

const distinct = (labels: string[]) => expect(new Set(labels).size).toBe(labels.length);

describe('values', () => {
  it.each([...USER_TYPES])('user type %s has a label', (type) => expectReadable(userTypeLabel(type), type));
  it.each([...USER_CATEGORIES])('category %s has a label', (category) =>
    expectReadable(categoryLabel(category), category),
  );
  it.each([...SUBSCRIPTION_STATUSES])('subscription status %s has a label', (status) =>
    expectReadable(subscriptionStatusLabel(status), status),
  );

  it('names types and categories as the create screen always did', () => {
    expect(USER_TYPES.map(userTypeLabel)).toEqual([
      'Trial',
      'Staff',
      'Test user',
      'Journalist',
      'Customer',
      'Grace customer',
      'Churn customer',
    ]);
    expect(USER_CATEGORIES.map(categoryLabel)).toEqual(['General', 'IR', 'Workiva']);
  });

  it('names every data plan item, the platform key in the items that carry it, and "None" for no plan', () => {
    const labels = names.dataPlanItems.map((item) => dataPlanLabel(P, item));
    names.dataPlanItems.forEach((item, i) => expectReadable(labels[i]!, item));
    expect(dataPlanLabel(P, names.data)).toBe(`${N} Data`);
    expect(dataPlanLabel(P, names.altData)).toBe(`${N} Alternative data`);
    expect(dataPlanLabel(P, 'shareholder_data')).toBe('Shareholder data');
    for (const item of names.dataPlanItems.filter((i) => i.includes(P))) expect(dataPlanLabel(P, item)).toContain(N);
    expect(dataPlanLabel(P, NO_DATA_PLAN)).toBe('None');
    distinct([...labels, dataPlanLabel(P, NO_DATA_PLAN)]);
  });

  it('names every product configuration and startup screen, with the platform key where the value has it', () => {
    for (const [values, label] of [
      [names.configurations, configurationLabel],
      [names.startupScreens, startupScreenLabel],
    ] as const) {
      const labels = values.map((v) => label(P, v));
      values.forEach((v, i) => {
        expectReadable(labels[i]!, v);
        if (v.includes(P)) expect(labels[i]).toContain(N);
      });
      distinct(labels);
    }
    expect(configurationLabel(P, names.defaultConfiguration)).toBe(`${N} Basic`);
  });

  it('follows the platform key of the deployment, not the first one it was asked about', () => {
    expect(dataPlanLabel('globex', 'globex_data')).toBe('Globex Data');
    expect(dataPlanLabel('globex', names.data)).toBe(names.data);
    expect(startupScreenLabel('globex', 'globexDashboard')).toBe('Globex Dashboard');
    expect(userFieldLabel('globex', 'globex_drive')).toBe('Globex drive');
  });

  it('names the options of the choice fields', () => {
    for (const option of [...TR_SRC_OPTIONS, ...RR_PRO_OPTIONS]) expectReadable(optionLabel(option), option);
    for (const option of RMS_VERSIONS) expect(optionLabel(option)).toBe(option);
  });

  it('names an owner group entry by name and username, or by username alone', () => {
    expect(ownerLabel({ key: 'admin', text: 'Ada Admin' })).toBe('Ada Admin (admin)');
    expect(ownerLabel({ key: 'admin', text: '' })).toBe('admin');
  });

  it('shows a value it does not know as stored, prototype names included', () => {
    expect(userTypeLabel('partner')).toBe('partner');
    expect(categoryLabel('constructor')).toBe('constructor');
    expect(dataPlanLabel(P, 'toString')).toBe('toString');
    expect(startupScreenLabel(P, '__proto__')).toBe('__proto__');
    expect(userFieldLabel(P, 'hasOwnProperty')).toBe('hasOwnProperty');
  });
});

describe('fields', () => {
  it.each([...flagKeys(P)])('flag %s has a label', (key) => expectReadable(userFieldLabel(P, key), key));

  it('names the beta flags as the edit screen does', () => {
    expect(['socialsearch', 'intlquote', 'realtimesearch', 'is_beta_user'].map((k) => userFieldLabel(P, k))).toEqual([
      'Social search',
      'International quotes',
      'Real-time search',
      'Beta user',
    ]);
  });

  it('gives the bulk-editable fields their labels, the platform key in the fields that carry it', () => {
    for (const field of bulkEditFields(P)) {
      expect(field.label).toBe(userFieldLabel(P, field.key));
      expectReadable(field.label, field.key);
      if (field.key.includes(P)) expect(field.label).toContain(N);
    }
    expect(userFieldLabel(P, names.rmsConnect)).toBe(`RMS ${N} connect`);
  });

  it('gives no two fields of a user the same name (a form would have two inputs named alike)', () => {
    const record = [
      'first_name',
      'last_name',
      'email',
      'username',
      'phone',
      'organization',
      'user_type',
      'user_category',
      'user_role',
      'owner',
      'product_configuration',
      'data_plan',
      'expiry_dt',
      'active',
      'deleted',
      'is_account_admin',
      'startup_screen',
      'subscription_status',
      'sf_contact_id',
      'staff_roles',
      'password',
    ];
    const keys = [
      ...new Set([...record, ...BETA_FLAGS, ...USER_SWITCHES, ...flagKeys(P), ...bulkEditFields(P).map((f) => f.key)]),
    ];
    keys.forEach((key) => expectReadable(userFieldLabel(P, key), key));
    distinct(keys.map((key) => userFieldLabel(P, key)));
    expect(userFieldLabel(P, 'owner')).toBe(`${N} owner`);
  });
});

describe('the product display name (PRODUCT_NAME)', () => {
  it('reads a key capitalised until a name is set, and the set name once it is; values stay keyed', () => {
    expect(productNames('research_hub').name).toBe('Research hub');
    expect(userFieldLabel('initech', 'owner')).toBe('Initech owner');
    nameProduct('initech', 'Initech Cloud');
    expect(userFieldLabel('initech', 'owner')).toBe('Initech Cloud owner');
    expect(userFieldLabel('initech', 'initech_drive')).toBe('Initech Cloud drive');
    expect(configurationLabel('initech', 'initech_basic')).toBe('Initech Cloud Basic');
    expect(dataPlanLabel('initech', 'initech_alt_data')).toBe('Initech Cloud Alternative data');
    expect(startupScreenLabel('initech', 'initechDashboard')).toBe('Initech Cloud Dashboard');
    expect(dataPlanMessages('initech').notBoth).toBe(
      "Data plan can't be Initech Cloud data and Initech Cloud alternative data together.",
    );
    expect(productNames('initech')).toMatchObject({ key: 'initech', owner: 'initech_owner', drive: 'initech_drive' });
    nameProduct('initech', undefined);
    expect(userFieldLabel('initech', 'owner')).toBe('Initech owner');
  });
});
