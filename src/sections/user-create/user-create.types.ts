import type { CalendarDate, CreateSettings, FieldErrors, NewUserRow } from '../../domain/user-rules';
import type { CreateChoices, OrgPick, OutboxMessage, RegisterReply } from '../../domain/users';
import type { BareEvent } from '../../machines/shared/bare-event.types';
import type { FieldEvent, ValueEvent } from '../../machines/shared/payload-event.types';

/** The choices step one offers, from the server (owners; types this session may give …). */
export type CreateSetup = CreateChoices;

/** Step one: the account settings every new user of this call gets, with the organisation picked. */
export interface AccountForm extends CreateSettings {
  org: OrgPick | null;
  /** Beta and restriction flags (spec §3) switched on or off. */
  flags: Record<string, boolean>;
}

export type AccountField = 'user_type' | 'user_category' | 'owner' | 'product_configuration' | 'startup_screen';
export type UserField = keyof Required<NewUserRow>;
export type Person = Required<NewUserRow>;

export interface UsernameCheck {
  username: string;
  available: boolean;
  msg: string;
}

/** What the last CSV (uploaded or pasted) gave. */
export interface CsvSummary {
  source: string;
  rows: number;
  recognised: string[];
  ignored: string[];
  error: string | null;
}

export type CreatedUser = Extract<RegisterReply, { status: true }>['data'][number];

export interface UserCreateInput {
  product: string;
  features: readonly string[];
  /** The person's today, from which expiry defaults count (spec §4). */
  today: CalendarDate;
  /** What the person typed before a reload or a return (user-create.draft.ts): the form starts from it. */
  draft?: CreateDraft | null;
}

/** What of the form is kept as a draft (user-create.draft.ts): both steps as typed. */
export interface CreateDraft {
  account: AccountForm;
  expiryChosen: boolean;
  mode: 'single' | 'bulk';
  single: Person;
  rows: Person[];
  sendEmail: boolean;
}

export interface UserCreateContext {
  product: string;
  features: readonly string[];
  today: CalendarDate;
  setup: CreateSetup | null;
  account: AccountForm;
  /** The person picked an expiry: a new user type no longer replaces it with its default. */
  expiryChosen: boolean;
  /** Blue notices of the last data plan change (§5). */
  planNotices: string[];
  /** Next was pressed: step one shows every missing field. */
  stepOneTried: boolean;
  mode: 'single' | 'bulk';
  single: Person;
  rows: Person[];
  csv: CsvSummary | null;
  usernameCheck: UsernameCheck | null;
  /** Create was pressed: step two shows every missing field. */
  stepTwoTried: boolean;
  sendEmail: boolean;
  /** The server's refusal: row index (or 'step_one') → field → message, until that field changes. */
  serverErrors: Record<string, FieldErrors>;
  refusal: string | null;
  created: CreatedUser[];
  createdMsg: string;
  /** Outbox messages read after creating (the newest ones; the view keeps this call's welcome emails). */
  mail: OutboxMessage[];
  error: string | null;
}

export type UserCreateEvent =
  | BareEvent<'setup.retry' | 'step.next' | 'step.back' | 'row.add'>
  | BareEvent<'create.submit' | 'create.retry' | 'create.edit' | 'create.another'>
  | { type: 'org.pick'; org: OrgPick | null }
  | FieldEvent<'field.change', AccountField>
  | { type: 'plan.change'; plan: string[] }
  | ValueEvent<'expiry.change'>
  | { type: 'flag.toggle'; flag: string; on: boolean }
  | { type: 'mode.change'; mode: 'single' | 'bulk' }
  | FieldEvent<'user.change', UserField>
  | { type: 'row.remove'; index: number }
  | { type: 'row.change'; index: number; field: UserField; value: string }
  | { type: 'csv.load'; text: string; source: string }
  | { type: 'email.toggle'; on: boolean };
