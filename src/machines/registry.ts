// Every workflow machine of the panel, with a title and a one-line purpose for the people who
// review them, and the plans its path tests walk. The workflow viewer (/workflows), the exported
// diagrams (docs/workflows) and the coverage test read this list; the coverage test fails when a
// machine under src/machines is missing from it.
import type { AnyStateMachine } from 'xstate';
import { IDLE_TIMEOUT_MS, SESSION_RECHECK_MS } from '../domain/constants';
import { bannerMachine } from './banner/banner.machine';
import { bannerPlan } from './banner/banner.plan';
import { brokerActionsMachine } from '../sections/restrict-broker/restrict-broker.machine';
import { brokerActionsFromAddressPlan, brokerActionsPlan } from '../sections/restrict-broker/restrict-broker.plan';
import { bulkEditMachine } from '../sections/user-list/bulk-edit.machine';
import { bulkEditPlan, bulkEditReloadPlan } from '../sections/user-list/bulk-edit.plan';
import { bulkTagUploadMachine } from '../sections/segments-n-tags/bulk-tag-upload.machine';
import { bulkTagUploadPlan } from '../sections/segments-n-tags/bulk-tag-upload.plan';
import { chunkMachine } from './chunk/chunk.machine';
import { chunkPlan } from './chunk/chunk.plan';
import { exportDownloadMachine } from '../sections/export-download/export-download.machine';
import { exportDownloadPlan } from '../sections/export-download/export-download.plan';
import { emailChangeMachine } from '../sections/user-edit/email-change.machine';
import { groupBrowserMachine } from '../sections/groups-v2/groups-v2.machine';
import { groupBrowserFromAddressPlan, groupBrowserPlan } from '../sections/groups-v2/groups-v2.plan';
import { groupBulkUploadMachine } from '../sections/groups-v2/groups-v2-upload.machine';
import { groupBulkUploadPlan } from '../sections/groups-v2/groups-v2-upload.plan';
import { emailChangePlan } from '../sections/user-edit/email-change.plan';
import { groupEditorMachine } from '../sections/groups/groups.machine';
import {
  groupEditorAddressPlan,
  groupEditorDraftPlan,
  groupEditorPagesPlan,
  groupEditorPlan,
} from '../sections/groups/groups.plan';
import type { MachinePlan } from '../workflows/plan';
import { linkoutMachine } from './linkout/linkout.machine';
import { linkoutPlan } from './linkout/linkout.plan';
import { loginMachine } from '../sections/login/login.machine';
import { loginPlan } from '../sections/login/login.plan';
import { orgChangeMachine } from '../sections/user-edit/org-change.machine';
import { orgChangePlan } from '../sections/user-edit/org-change.plan';
import { orgSearchMachine } from '../sections/organizations/org-search.machine';
import { orgSearchPlan } from '../sections/organizations/org-search.plan';
import { redirectMachine } from '../sections/redirect/redirect.machine';
import { redirectPlan, redirectWithoutTokenPlan } from '../sections/redirect/redirect.plan';
import { redshiftConfigMachine } from '../sections/redshift/redshift.machine';
import { redshiftConfigDraftPlan, redshiftConfigPlan } from '../sections/redshift/redshift.plan';
import { roleEditorMachine } from '../sections/roles/roles.machine';
import { roleEditorDraftPlan, roleEditorPlan } from '../sections/roles/roles.plan';
import { templateEditorMachine } from '../sections/templates/templates.machine';
import { templateEditorDraftPlan, templateEditorPlan } from '../sections/templates/templates.plan';
import { skuEditorMachine } from '../sections/skus/skus.machine';
import { skuEditorDraftPlan, skuEditorPlan } from '../sections/skus/skus.plan';
import { segmentEditorMachine } from '../sections/segments-n-tags/segments.machine';
import { segmentEditorPlan, segmentEditorSavePlan } from '../sections/segments-n-tags/segments.plan';
import { firstIdleLookMs, idleWarningMs, sessionMachine } from './session/session.machine';
import { sessionOnRedirectPlan, sessionOnRedirectStoredPlan, sessionPlan } from './session/session.plan';
import { tagCreationMachine } from '../sections/tags/tag-creation.machine';
import { tagCreationPlan } from '../sections/tags/tag-creation.plan';
import { tagSelectorMachine } from '../sections/tags/tag-selector.machine';
import { tagSelectorPlan } from '../sections/tags/tag-selector.plan';
import { userCreateMachine } from '../sections/user-create/user-create.machine';
import { userCreatePlan } from '../sections/user-create/user-create.plan';
import { userEditMachine } from '../sections/user-edit/user-edit.machine';
import { userEditPlan, userEditRolesPlan } from '../sections/user-edit/user-edit.plan';
import { userEmailsMachine } from '../sections/user-edit/user-emails.machine';
import { userEmailsPlan } from '../sections/user-edit/user-emails.plan';
import { userListMachine } from '../sections/user-list/user-list.machine';
import { userListPlan } from '../sections/user-list/user-list.plan';
import { userPrivilegesMachine } from '../sections/user-edit/user-privileges.machine';
import { userPrivilegesPlan } from '../sections/user-edit/user-privileges.plan';
import { userSessionsMachine } from '../sections/user-edit/user-sessions.machine';
import { userSessionsPlan } from '../sections/user-edit/user-sessions.plan';
import { accountSettingsMachine } from '../sections/account-settings/account-settings.machine';
import { accountSettingsDraftPlan, accountSettingsPlan } from '../sections/account-settings/account-settings.plan';
// Broker Research (decisions 055–061).
import { researchFlagsMachine } from '../sections/broker-research/control-panel/control-panel.machine';
import {
  researchFlagsDraftPlan,
  researchFlagsPlan,
} from '../sections/broker-research/control-panel/control-panel.plan';
import { researchRequestsMachine } from '../sections/broker-research/requests/requests.machine';
import {
  researchRequestsBulkDraftPlan,
  researchRequestsDraftPlan,
  researchRequestsPlan,
} from '../sections/broker-research/requests/requests.plan';
import { brokerDetailsMachine } from '../sections/broker-research/broker-details/broker-details.machine';
import {
  brokerDetailsDraftPlan,
  brokerDetailsPickerPlan,
  brokerDetailsPlan,
} from '../sections/broker-research/broker-details/broker-details.plan';
import { researchFulfillmentsMachine } from '../sections/broker-research/fulfillments/fulfillments.machine';
import {
  researchFulfillmentsDraftPlan,
  researchFulfillmentsPlan,
} from '../sections/broker-research/fulfillments/fulfillments.plan';
import { brokerUserGroupsMachine } from '../sections/broker-research/brokers/brokers.machine';
import { brokerUserGroupsDraftPlan, brokerUserGroupsPlan } from '../sections/broker-research/brokers/brokers.plan';
import { otherSourceUploadMachine } from '../sections/broker-research/other-sources/other-sources.machine';
import { otherSourceUploadPlan } from '../sections/broker-research/other-sources/other-sources.plan';
import { domainMappingsMachine } from '../sections/broker-research/domain-mappings/domain-mappings.machine';
import {
  domainMappingsDraftPlan,
  domainMappingsPlan,
} from '../sections/broker-research/domain-mappings/domain-mappings.plan';
import { researchSubmissionsMachine } from '../sections/broker-research/user-submission/user-submission.machine';
import {
  researchSubmissionsDraftPlan,
  researchSubmissionsPlan,
} from '../sections/broker-research/user-submission/user-submission.plan';
// The Audit Log (decision 062).
import { auditBrowserMachine } from '../sections/audit-log/audit-log.machine';
import { auditBrowserPlan } from '../sections/audit-log/audit-log.plan';
import { recordHistoryMachine } from '../sections/record-history/record-history.machine';
import { recordHistoryPlan } from '../sections/record-history/record-history.plan';
import { reportsDashboardMachine } from '../sections/reports/reports.machine';
import { reportsDashboardPlan } from '../sections/reports/reports.plan';
import { inviteReviewMachine } from '../sections/invite-requests/invite-requests.machine';
import { inviteReviewDraftPlan, inviteReviewPlan } from '../sections/invite-requests/invite-requests.plan';
// A user's platform content (decision 065).
import { contentCopyMachine } from '../sections/user-content/content-copy.machine';
import { contentCopyPlan } from '../sections/user-content/content-copy.plan';
import { userContentMachine } from '../sections/user-content/user-content.machine';
import {
  userContentDraftPlan,
  userContentPlan,
  userContentReaderPlan,
} from '../sections/user-content/user-content.plan';
import { notebookSettingsMachine } from '../sections/notebook/notebook.machine';
import {
  notebookSettingsDraftPlan,
  notebookSettingsPlan,
  notebookSettingsReadOnlyPlan,
} from '../sections/notebook/notebook.plan';

export interface WorkflowPlan {
  /** Which walk this is, for machines with several starting points. */
  title: string;
  plan: MachinePlan;
}

export interface WorkflowEntry {
  /** The machine's id, which is also its address: /workflows/<id>. */
  id: string;
  title: string;
  /** One line: what the workflow is for. */
  purpose: string;
  machine: AnyStateMachine;
  /** The file that defines the machine. */
  source: string;
  /** The walks its path tests replay; the simulator starts from the first. */
  plans: readonly WorkflowPlan[];
  /** A context for delays read from context (the panel's defaults), so they show as durations. */
  delayContext?: Record<string, unknown>;
  /** Words for events and outcomes where the generated ones read poorly. */
  phrases?: Readonly<Record<string, string>>;
}

/** The panel's timers at their defaults; the idle look and end as they come after the last input. */
const PANEL_TIMERS = {
  recheckMs: SESSION_RECHECK_MS,
  idleMs: IDLE_TIMEOUT_MS,
  untilIdleLookMs: firstIdleLookMs(IDLE_TIMEOUT_MS),
  idleLeftMs: idleWarningMs(IDLE_TIMEOUT_MS),
};

export const WORKFLOWS: readonly WorkflowEntry[] = [
  {
    id: 'login',
    title: 'Sign-in',
    purpose: 'Username and password, then the one-time code; on first sign-in the code activates two-step sign-in.',
    machine: loginMachine,
    source: 'src/sections/login/login.machine.ts',
    plans: [{ title: 'Sign-in at /login', plan: loginPlan }],
    phrases: {
      'credentials.submit': 'enter username and password',
      'otp.submit': 'enter OTP',
      'login.restart': 'start again',
      passwordAccepted: 'server accepts the password',
      firstLogin: 'server asks to activate two-step sign-in',
      badCredentials: 'server refuses the password',
      blocked: 'server reports the account blocked',
      passwordCallFailed: 'server unreachable',
      otpAccepted: 'server accepts the OTP',
      badOtp: 'server refuses the OTP',
      otpBlocked: 'server blocks the account',
      otpCallFailed: 'server unreachable',
      activationAccepted: 'server activates two-step sign-in',
      badActivationCode: 'server refuses the code',
      activationBlocked: 'server blocks the account',
      activationCallFailed: 'server unreachable',
    },
  },
  {
    id: 'userCreate',
    title: 'Create users',
    purpose:
      'Two steps: the account settings (data plan rules, expiry from the user type), then one person or many (typed or CSV); created, refused row by row, or not sent.',
    machine: userCreateMachine,
    source: 'src/sections/user-create/user-create.machine.ts',
    plans: [{ title: 'Create User (/create_user)', plan: userCreatePlan }],
    phrases: {
      loaded: 'server sends owners and settings',
      loadFailed: 'server unreachable',
      usernameFree: 'server: the username is free',
      usernameTaken: 'server: the username is taken',
      usernameUnchecked: 'server unreachable',
      created: 'server creates the users',
      refusedRow: 'server refuses a row',
      refusedStepOne: 'server refuses the account settings',
      registerFailed: 'server unreachable',
    },
  },
  {
    id: 'userList',
    title: 'User list',
    purpose:
      'The user list: search (after a pause in typing), filters and order from the URL, pages by cursor, selection up to every matching user, export and bulk edit.',
    machine: userListMachine,
    source: 'src/sections/user-list/user-list.machine.ts',
    plans: [{ title: 'The trial users, 30 of them', plan: userListPlan }],
  },
  {
    id: 'userEdit',
    title: 'User edit',
    purpose:
      "One user's record: changes tracked, saved with the version it started from (conflicts reviewed), welcome email; the sessions, privileges and emails tabs.",
    machine: userEditMachine,
    source: 'src/sections/user-edit/user-edit.machine.ts',
    plans: [
      { title: 'Editing one user', plan: userEditPlan },
      { title: 'Giving a staff role', plan: userEditRolesPlan },
    ],
  },
  {
    id: 'userSessions',
    title: 'User sessions',
    purpose:
      "The edit page's Sessions tab: the user's live sessions, ended one by one or all at once after a confirmation; the list is read again after each end.",
    machine: userSessionsMachine,
    source: 'src/sections/user-edit/user-sessions.machine.ts',
    plans: [{ title: 'Sessions tab', plan: userSessionsPlan }],
  },
  {
    id: 'userPrivileges',
    title: 'Administrator privileges',
    purpose:
      "The edit page's Administrator privileges tab: three switches only a super admin changes, each change saved at once.",
    machine: userPrivilegesMachine,
    source: 'src/sections/user-edit/user-privileges.machine.ts',
    plans: [{ title: 'Administrator privileges tab, as a super admin', plan: userPrivilegesPlan }],
  },
  {
    id: 'userEmails',
    title: 'User emails',
    purpose:
      "The edit page's Emails tab: the outbox messages about the user, newest first, read each time the tab opens; a failed read offers Retry.",
    machine: userEmailsMachine,
    source: 'src/sections/user-edit/user-emails.machine.ts',
    plans: [{ title: 'Emails tab', plan: userEmailsPlan }],
  },
  {
    id: 'orgChange',
    title: 'Organization change',
    purpose: "The 'Account Update' confirmation when a user in edit mode moves to another organization.",
    machine: orgChangeMachine,
    source: 'src/sections/user-edit/org-change.machine.ts',
    plans: [{ title: 'A new organization chosen', plan: orgChangePlan }],
  },
  {
    id: 'emailChange',
    title: 'Email change',
    purpose: 'Before a new email is saved: the same person, or a different one who loses broker research access.',
    machine: emailChangeMachine,
    source: 'src/sections/user-edit/email-change.machine.ts',
    plans: [{ title: 'A new email saved', plan: emailChangePlan }],
  },
  {
    id: 'orgSearch',
    title: 'Organization search',
    purpose:
      'The organization picker: searches from two characters, shortly after the last keystroke; a newer query always wins.',
    machine: orgSearchMachine,
    source: 'src/sections/organizations/org-search.machine.ts',
    plans: [{ title: 'Organization picker', plan: orgSearchPlan }],
  },
  {
    id: 'tagSelector',
    title: 'Tag selector',
    purpose: "A user's tags on the user screen: every change saved at once; a name no tag has offers Create Tag.",
    machine: tagSelectorMachine,
    source: 'src/sections/tags/tag-selector.machine.ts',
    plans: [{ title: 'Tags of one user', plan: tagSelectorPlan }],
  },
  {
    id: 'tagCreation',
    title: 'Create Tag',
    purpose: 'The Create Tag dialog opened from the tag selector: the server creates the tag or refuses a name in use.',
    machine: tagCreationMachine,
    source: 'src/sections/tags/tag-creation.machine.ts',
    plans: [{ title: 'Create Tag dialog', plan: tagCreationPlan }],
  },
  {
    id: 'bulkEdit',
    title: 'Bulk edit',
    purpose:
      'Sets fields for the selected users or those of an uploaded CSV: preview, apply in one transaction, report per user.',
    machine: bulkEditMachine,
    source: 'src/sections/user-list/bulk-edit.machine.ts',
    plans: [
      { title: 'Selected users or a CSV', plan: bulkEditPlan },
      { title: "After a reload, an edit's outcome unknown", plan: bulkEditReloadPlan },
    ],
  },
  {
    id: 'segmentEditor',
    title: 'Segments',
    purpose:
      'Saved user-list queries with their member counts: saved, renamed, deleted, and their members tagged after a confirmation.',
    machine: segmentEditorMachine,
    source: 'src/sections/segments-n-tags/segments.machine.ts',
    plans: [
      { title: 'The Segments tab', plan: segmentEditorPlan },
      { title: "From the user list's 'Save as segment'", plan: segmentEditorSavePlan },
    ],
  },
  {
    id: 'roleEditor',
    title: 'Role Management',
    purpose:
      'Roles as data: created and changed from the version read, deleted (held ones only once the holders are named), given and taken, and one person’s reach.',
    machine: roleEditorMachine,
    source: 'src/sections/roles/roles.machine.ts',
    plans: [
      { title: 'The roles, their holders and one person’s reach', plan: roleEditorPlan },
      { title: 'A role form kept across a reload', plan: roleEditorDraftPlan },
    ],
  },
  {
    id: 'brokerActions',
    title: 'Restrict Broker',
    purpose:
      "An organization, then a user: the user's Requested Brokers and My Brokers, the four actions on them and the two switches; frozen, the actions are off.",
    machine: brokerActionsMachine,
    source: 'src/sections/restrict-broker/restrict-broker.machine.ts',
    plans: [
      { title: 'An organization, a user, their brokers', plan: brokerActionsPlan },
      { title: 'An organization and a user the address names', plan: brokerActionsFromAddressPlan },
    ],
  },
  {
    id: 'groupEditor',
    title: 'Group Management',
    purpose:
      "An organization's groups and members: created, renamed, deleted, members added and removed, switches saved; another's change first is told.",
    machine: groupEditorMachine,
    source: 'src/sections/groups/groups.machine.ts',
    plans: [
      { title: 'Group Management', plan: groupEditorPlan },
      { title: 'From a kept form', plan: groupEditorDraftPlan },
      { title: 'An organization the address names', plan: groupEditorAddressPlan },
      { title: 'A group larger than a page', plan: groupEditorPagesPlan },
    ],
  },
  {
    id: 'bulkTagUpload',
    title: 'Bulk tag upload',
    purpose:
      'Segments & Tags: a CSV of users read in a worker, tags chosen, a dry run, then Reset Tags or Add Tags confirmed and applied in one transaction.',
    machine: bulkTagUploadMachine,
    source: 'src/sections/segments-n-tags/bulk-tag-upload.machine.ts',
    plans: [{ title: 'A file and tags', plan: bulkTagUploadPlan }],
  },
  {
    id: 'groupBrowser',
    title: 'Group ManagementV2',
    purpose:
      "Every group searched by name and organization, 50 a page; a group's members (virtualised, filtered) and one taken out after a confirmation.",
    machine: groupBrowserMachine,
    source: 'src/sections/groups-v2/groups-v2.machine.ts',
    plans: [
      { title: 'The groups, a group, its members', plan: groupBrowserPlan },
      { title: 'A group the address names', plan: groupBrowserFromAddressPlan },
    ],
  },
  {
    id: 'groupBulkUpload',
    title: 'Group bulk membership upload',
    purpose:
      'A CSV of users read in a worker, checked against the group row by row, previewed, then added in one transaction with a per-row report.',
    machine: groupBulkUploadMachine,
    source: 'src/sections/groups-v2/groups-v2-upload.machine.ts',
    plans: [{ title: 'A file into a group', plan: groupBulkUploadPlan }],
  },
  {
    id: 'session',
    title: 'Session',
    purpose:
      'Checks the session on start, hourly and on any 403; heartbeats while active; warns a minute before the idle end (Stay signed in); expiry and logout.',
    machine: sessionMachine,
    source: 'src/machines/session/session.machine.ts',
    plans: [
      { title: 'A page of the panel', plan: sessionPlan },
      { title: '/redirect with nothing stored', plan: sessionOnRedirectPlan },
      { title: '/redirect with a stored session', plan: sessionOnRedirectStoredPlan },
    ],
    delayContext: PANEL_TIMERS,
    phrases: {
      'user.activity': 'person is active',
      'session.signedIn': 'sign-in completes',
      'session.linkFailed': 'linked sign-in fails',
      'idle.stay': 'Stay signed in',
    },
  },
  {
    id: 'redirect',
    title: 'Linked sign-in',
    purpose: 'Signs a person in with the one-time token another server type put in the /redirect link.',
    machine: redirectMachine,
    source: 'src/sections/redirect/redirect.machine.ts',
    plans: [
      { title: 'A link with a token', plan: redirectPlan },
      { title: 'A link without a token', plan: redirectWithoutTokenPlan },
    ],
  },
  {
    id: 'linkout',
    title: 'Redirect to another server type',
    purpose: "The header's Redirect-to menu: opens another server type with a linked sign-in token.",
    machine: linkoutMachine,
    source: 'src/machines/linkout/linkout.machine.ts',
    plans: [{ title: 'Redirect-to menu', plan: linkoutPlan }],
    phrases: { 'linkout.choose': 'choose a server type' },
  },
  {
    id: 'banner',
    title: 'Banner',
    purpose:
      "A transient message, at the top of the page or by a section's action: shown for five seconds or until the next click, and kept while it is being read.",
    machine: bannerMachine,
    source: 'src/machines/banner/banner.machine.ts',
    plans: [{ title: 'Messages', plan: bannerPlan }],
    phrases: { 'banner.hold': 'point at or focus the message', 'banner.release': 'move away from the message' },
  },
  {
    id: 'chunk',
    title: 'Section loading',
    purpose: 'A lazily loaded section that has not arrived in time counts as failed.',
    machine: chunkMachine,
    source: 'src/machines/chunk/chunk.machine.ts',
    plans: [{ title: 'Waiting for a section', plan: chunkPlan }],
  },
  {
    id: 'exportDownload',
    title: 'Export download',
    purpose:
      'An export of the user list or FulFillments: prepared by the server, the page says so, then how many rows arrived or why none did.',
    machine: exportDownloadMachine,
    source: 'src/sections/export-download/export-download.machine.ts',
    plans: [{ title: 'Exporting a list', plan: exportDownloadPlan }],
  },
  {
    id: 'redshiftConfig',
    title: 'Redshift Configuration',
    purpose:
      'The Redshift configuration: two switches and the flags the user script ignores, saved from the version read; a save someone made first is shown.',
    machine: redshiftConfigMachine,
    source: 'src/sections/redshift/redshift.machine.ts',
    plans: [
      { title: 'Read, change, save', plan: redshiftConfigPlan },
      { title: 'A changed form kept across a reload', plan: redshiftConfigDraftPlan },
    ],
  },
  {
    id: 'templateEditor',
    title: 'Template Settings',
    purpose:
      'Templates of account settings with their followers: created and changed from the version read, deleted, and applied to accounts after a dry run.',
    machine: templateEditorMachine,
    source: 'src/sections/templates/templates.machine.ts',
    plans: [
      { title: 'The templates, a template form, delete and apply', plan: templateEditorPlan },
      { title: 'A template form kept across a reload', plan: templateEditorDraftPlan },
    ],
  },
  {
    id: 'skuEditor',
    title: 'SKU Configuration',
    purpose:
      'SKUs created, changed from the version read, retired and reactivated; their holders paged; assigned to an account after a preview of what changes.',
    machine: skuEditorMachine,
    source: 'src/sections/skus/skus.machine.ts',
    plans: [
      { title: 'The SKUs, their holders and an assignment', plan: skuEditorPlan },
      { title: 'A SKU form kept across a reload', plan: skuEditorDraftPlan },
    ],
  },
  {
    id: 'accountSettings',
    title: 'Account Settings',
    purpose:
      "Accounts searched and paged; one account's settings checked in the browser, saved from the version read, shown field by field when saved meanwhile, reset.",
    machine: accountSettingsMachine,
    source: 'src/sections/account-settings/account-settings.machine.ts',
    plans: [
      { title: 'The accounts and one account’s settings', plan: accountSettingsPlan },
      { title: 'A settings form kept across a reload', plan: accountSettingsDraftPlan },
    ],
  },
  // Broker Research (decisions 055–061).
  {
    id: 'researchFlags',
    title: 'Broker Research: Control Panel',
    purpose:
      "Each distributor's research flags (Refinitiv's for its submitters), saved from the version read, a colleague's save first shown; new submissions counted.",
    machine: researchFlagsMachine,
    source: 'src/sections/broker-research/control-panel/control-panel.machine.ts',
    plans: [
      { title: 'Read, change, save', plan: researchFlagsPlan },
      { title: 'Changed flags kept across a reload', plan: researchFlagsDraftPlan },
    ],
  },
  {
    id: 'researchRequests',
    title: 'Broker Research requests',
    purpose:
      "Requests for a broker's research, filtered and paged: one approved, rejected with a reason or sent to the broker, or many at once after a preview.",
    machine: researchRequestsMachine,
    source: 'src/sections/broker-research/requests/requests.machine.ts',
    plans: [
      { title: 'The requests, one request, a bulk action', plan: researchRequestsPlan },
      { title: 'A reason kept across a reload', plan: researchRequestsDraftPlan },
      { title: 'A bulk rejection’s reason kept across a reload', plan: researchRequestsBulkDraftPlan },
    ],
  },
  {
    id: 'brokerDetails',
    title: 'Broker Research: Broker Details',
    purpose:
      "One broker's record: MiFID II status, sales contacts, linked brokers and distributor info, each changed from the version read.",
    machine: brokerDetailsMachine,
    source: 'src/sections/broker-research/broker-details/broker-details.machine.ts',
    plans: [
      { title: 'Read, change, remove', plan: brokerDetailsPlan },
      { title: 'Opened without a broker: the picker', plan: brokerDetailsPickerPlan },
      { title: 'A changed form kept across a reload', plan: brokerDetailsDraftPlan },
    ],
  },
  {
    id: 'researchFulfillments',
    title: 'Broker Research: FulFillments',
    purpose:
      'Fulfillments filtered and paged, downloaded as CSV or XLSX; an active one ended with a reason, a colleague ending it first said.',
    machine: researchFulfillmentsMachine,
    source: 'src/sections/broker-research/fulfillments/fulfillments.machine.ts',
    plans: [
      { title: 'List, filter, page, export, end', plan: researchFulfillmentsPlan },
      { title: 'A reason kept across a reload', plan: researchFulfillmentsDraftPlan },
    ],
  },
  {
    id: 'brokerUserGroups',
    title: 'Broker Research: Brokers',
    purpose:
      "Brokers searched by name and group, each opening in Broker Details; a broker's user groups created, changed, deleted, with their members.",
    machine: brokerUserGroupsMachine,
    source: 'src/sections/broker-research/brokers/brokers.machine.ts',
    plans: [
      { title: 'Browse, choose a broker, its user groups and members', plan: brokerUserGroupsPlan },
      { title: 'A changed group form kept across a reload', plan: brokerUserGroupsDraftPlan },
    ],
  },
  {
    id: 'otherSourceUpload',
    title: 'Fulfillments from Other Sources',
    purpose:
      "A distributor's entitlement file read in a worker, checked by the server row by row, then applied in one transaction; the latest imports.",
    machine: otherSourceUploadMachine,
    source: 'src/sections/broker-research/other-sources/other-sources.machine.ts',
    plans: [{ title: 'A file of entitlements, checked and applied', plan: otherSourceUploadPlan }],
  },
  {
    id: 'domainMappings',
    title: 'Broker Research: Broker Domain Mappings',
    purpose:
      'Email domains that name a broker, with the users each recognises: added, changed and removed; a domain naming another broker refused.',
    machine: domainMappingsMachine,
    source: 'src/sections/broker-research/domain-mappings/domain-mappings.machine.ts',
    plans: [
      { title: 'List, add, edit, remove', plan: domainMappingsPlan },
      { title: 'A changed form kept across a reload', plan: domainMappingsDraftPlan },
    ],
  },
  {
    id: 'researchSubmissions',
    title: 'Broker Research: User Submission',
    purpose:
      'Research users submitted, by status and title: started in review, published or rejected with a reason; who acted first is shown.',
    machine: researchSubmissionsMachine,
    source: 'src/sections/broker-research/user-submission/user-submission.machine.ts',
    plans: [
      { title: 'List, filter, page and review', plan: researchSubmissionsPlan },
      { title: 'A reason kept across a reload', plan: researchSubmissionsDraftPlan },
    ],
  },
  {
    id: 'auditBrowser',
    title: 'Audit Log',
    purpose:
      'Who changed what and every sign-in event, searched by category, author, record, action, days and result; an entry opened field by field.',
    machine: auditBrowserMachine,
    source: 'src/sections/audit-log/audit-log.machine.ts',
    plans: [{ title: 'Search, page and open an entry', plan: auditBrowserPlan }],
  },
  {
    id: 'recordHistory',
    title: 'History of a record',
    purpose:
      "One record's changes and sign-ins, newest first, each shown field by field; older entries a page at a time.",
    machine: recordHistoryMachine,
    source: 'src/sections/record-history/record-history.machine.ts',
    plans: [{ title: 'Read, and read older entries', plan: recordHistoryPlan }],
  },
  {
    id: 'reportsDashboard',
    title: 'Reports Dashboard',
    purpose:
      "The morning's charts for a range and an organization, each panel loaded or failed on its own, and the Analytics, Events and Depth views.",
    machine: reportsDashboardMachine,
    source: 'src/sections/reports/reports.machine.ts',
    plans: [{ title: 'Panels, range, organization and the views', plan: reportsDashboardPlan }],
  },
  {
    id: 'inviteReview',
    title: 'Invite Request Users',
    purpose:
      "Requests to join, by status and search: approved with the create form's settings, rejected with a reason, approved in bulk after a preview, invited again.",
    machine: inviteReviewMachine,
    source: 'src/sections/invite-requests/invite-requests.machine.ts',
    plans: [
      { title: 'List, filter, page, approve, reject, resend and bulk approve', plan: inviteReviewPlan },
      { title: 'An approval kept across a reload', plan: inviteReviewDraftPlan },
    ],
  },
  {
    id: 'userContent',
    title: "A user's platform content",
    purpose:
      'The saved searches, watchlists, dashboards and transcript source a user set up, each read or retried on its own; chosen items copied to other users.',
    machine: userContentMachine,
    source: 'src/sections/user-content/user-content.machine.ts',
    plans: [
      { title: 'Read, retry, page, open settings and the copy', plan: userContentPlan },
      { title: 'A copy kept across a reload', plan: userContentDraftPlan },
      { title: 'A reader who may not copy', plan: userContentReaderPlan },
    ],
  },
  {
    id: 'contentCopy',
    title: 'Copy content to other users',
    purpose:
      'Chosen items copied onto users named by email, username or id, after a preview of every clash with a name they already have and how it is resolved.',
    machine: contentCopyMachine,
    source: 'src/sections/user-content/content-copy.machine.ts',
    plans: [{ title: 'Preview, change, copy, retry and cancel', plan: contentCopyPlan }],
  },
  {
    id: 'notebookSettings',
    title: "A user's notebook",
    purpose:
      "A user's notebook version, email notifications, note templates and notebook tags, each saved from the version read, and new tag groups.",
    machine: notebookSettingsMachine,
    source: 'src/sections/notebook/notebook.machine.ts',
    plans: [
      { title: 'Read, change and save each part, and create a tag group', plan: notebookSettingsPlan },
      { title: 'Choices kept across a reload', plan: notebookSettingsDraftPlan },
      { title: 'Read only', plan: notebookSettingsReadOnlyPlan },
    ],
  },
];

export function findWorkflow(id: string): WorkflowEntry | undefined {
  return WORKFLOWS.find((w) => w.id === id);
}
