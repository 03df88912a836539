// Scenarios in run order. Each stands alone (sign-in activates an account when needed), but this
// order spreads the sign-ins of one account apart, so fresh TOTP steps rarely need waiting for.
import type { Scenario } from '../harness/scenario';
import { scenario as auditLog } from './audit-log.spec';
import { scenario as reportsDashboard } from './reports-dashboard.spec';
import { scenario as inviteRequests } from './invite-requests.spec';
import { scenario as userContent } from './user-content.spec';
import { scenario as notebook } from './notebook.spec';
import { scenario as unauthenticated } from './unauthenticated.spec';
import { scenario as firstSignIn } from './first-sign-in.spec';
import { scenario as supportMenu } from './support-menu.spec';
import { scenario as sessionExpiry } from './session-expiry.spec';
import { scenario as blockedAccount } from './blocked-account.spec';
import { scenario as signInThrottled } from './sign-in-throttled.spec';
import { scenario as logout } from './logout.spec';
import { scenario as linkedRedirect } from './linked-redirect.spec';
import { scenario as workflows } from './workflows.spec';
import { scenario as userLifecycle } from './user-lifecycle.spec';
import { scenario as userSupport } from './user-support.spec';
import { scenario as userBulkEdit } from './user-bulk-edit.spec';
import { scenario as listChecks } from './list-checks.spec';
import { scenario as formsDrafts } from './forms-drafts.spec';
import { scenario as segments } from './segments.spec';
import { scenario as bulkTags } from './bulk-tags.spec';
import { scenario as restrictBroker } from './restrict-broker.spec';
import { scenario as groups } from './groups.spec';
import { scenario as groupsV2 } from './groups-v2.spec';
import { scenario as groupLifecycle } from './group-lifecycle.spec';
import { scenario as roles } from './roles.spec';
import { scenario as redshift } from './redshift.spec';
import { scenario as templates } from './templates.spec';
import { scenario as skus } from './skus.spec';
import { scenario as accountSettings } from './account-settings.spec';
// Broker Research.
import { scenario as researchControlPanel } from './research-control-panel.spec';
import { scenario as researchRequests } from './research-requests.spec';
import { scenario as brokerDetails } from './broker-details.spec';
import { scenario as researchFulfillments } from './research-fulfillments.spec';
import { scenario as researchOtherSources } from './research-other-sources.spec';
import { scenario as brokerDomains } from './broker-domains.spec';
import { scenario as screenFit } from './screen-fit.spec';
// Accessibility and the keyboard.
import { scenario as accessibilityLight } from './accessibility-light.spec';
import { scenario as accessibilityDark } from './accessibility-dark.spec';
import { scenario as keyboardOnly } from './keyboard-only.spec';

export const scenarios: readonly Scenario[] = [
  unauthenticated,
  firstSignIn,
  supportMenu,
  sessionExpiry,
  blockedAccount,
  logout,
  linkedRedirect,
  workflows,
  userLifecycle,
  userSupport,
  userBulkEdit,
  listChecks,
  formsDrafts,
  segments,
  bulkTags,
  restrictBroker,
  groups,
  groupsV2,
  groupLifecycle,
  roles,
  accountSettings,
  templates,
  skus,
  redshift,
  // Broker Research.
  researchControlPanel,
  researchRequests,
  brokerDetails,
  researchFulfillments,
  researchOtherSources,
  brokerDomains,
  auditLog,
  reportsDashboard,
  inviteRequests,
  userContent,
  notebook,
  screenFit,
  // Accessibility and the keyboard.
  accessibilityLight,
  accessibilityDark,
  keyboardOnly,
  // Last: it spends the sign-in allowance of the address the others sign in from.
  signInThrottled,
];
