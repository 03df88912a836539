// Scenarios in run order. Each stands alone (sign-in activates an account when needed), but this
// order spreads the sign-ins of one account apart, so fresh TOTP steps rarely need waiting for.
import type { Scenario } from '../harness/scenario';
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
// Broker Research scenarios: each tab adds its import under its own line.
// br-imports:control-panel
import { scenario as researchControlPanel } from './research-control-panel.spec';
// br-imports:requests
import { scenario as researchRequests } from './research-requests.spec';
// br-imports:broker-details
import { scenario as brokerDetails } from './broker-details.spec';
// br-imports:fulfillments
import { scenario as researchFulfillments } from './research-fulfillments.spec';
// br-imports:brokers
// br-imports:other-sources
import { scenario as researchOtherSources } from './research-other-sources.spec';
// br-imports:domain-mappings
import { scenario as brokerDomains } from './broker-domains.spec';
// br-imports:user-submission

export const scenarios: readonly Scenario[] = [
  unauthenticated, firstSignIn, supportMenu, sessionExpiry, blockedAccount, logout, linkedRedirect, workflows,
  userLifecycle, userSupport, userBulkEdit, listChecks, formsDrafts, segments, bulkTags, restrictBroker, groups, groupsV2, groupLifecycle, roles,
  accountSettings, templates, skus, redshift,
  // Broker Research: each tab adds its scenarios under its own line.
  // br-entries:control-panel
  researchControlPanel,
  // br-entries:requests
  researchRequests,
  // br-entries:broker-details
  brokerDetails,
  // br-entries:fulfillments
  researchFulfillments,
  // br-entries:brokers
  // br-entries:other-sources
  researchOtherSources,
  // br-entries:domain-mappings
  brokerDomains,
  // br-entries:user-submission
  // Last: it spends the sign-in allowance of the address the others sign in from.
  signInThrottled,
];
