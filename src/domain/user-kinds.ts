// The user types, categories and list orders of spec §3: small lists the first page load needs
// (the user list's URL is validated before its section loads), kept apart from the rest of the
// user fields so /login does not carry them.
export const BASE_USER_TYPES = ['trial', 'is_staff', 'test_user', 'journalist'] as const;
/** Offered only to sessions holding allow_customer_type. */
export const CUSTOMER_USER_TYPES = ['customer', 'grace_customer', 'churn_customer'] as const;
export const USER_TYPES = [...BASE_USER_TYPES, ...CUSTOMER_USER_TYPES] as const;
export type UserType = (typeof USER_TYPES)[number];
export const STAFF_USER_TYPE = 'is_staff' satisfies UserType;

export const USER_CATEGORIES = ['general', 'ir', 'workiva'] as const;
export type UserCategory = (typeof USER_CATEGORIES)[number];

/** Orders of the user list, and what it does with deleted users (the latter needs deleted_user). */
export const SORT_KEYS = ['id', 'name', 'email', 'username', 'created', 'expiry'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
/** Each order's name, in the list's sort control and in a segment's query in words. */
export const SORT_LABELS: Record<SortKey, string> = {
  id: 'ID',
  name: 'Name',
  email: 'Email',
  username: 'Username',
  created: 'Created',
  expiry: 'Expiry',
};
export const DELETED_FILTERS = ['exclude', 'include', 'only'] as const;
