// Every API route of the server, in one list: app.ts mounts it, tests walk it.
import { accountRoutes } from './api/accounts';
import { brokerRoutes } from './api/brokers';
import { clientLogRoutes } from './api/client-log';
import { groupRoutes } from './api/groups';
import { healthRoutes } from './api/health';
import { groupsV2Routes } from './api/groups-v2';
import { mailRoutes } from './api/mail';
import { metricsRoutes } from './api/metrics';
import { organizationRoutes } from './api/organizations';
import { ownerRoutes } from './api/owners';
import { redshiftRoutes } from './api/redshift';
import { roleRoutes } from './api/roles';
import { segmentRoutes } from './api/segments';
import { sessionRoutes } from './api/session';
import { signInRoutes } from './api/sign-in';
import { templateRoutes } from './api/templates';
import { skuRoutes } from './api/skus';
import { userBulkEditRoutes } from './api/user-bulk-edit';
import { userCreateRoutes } from './api/user-create';
import { userEditRoutes } from './api/user-edit';
import { userListRoutes } from './api/user-list';
import { userTagsRoutes } from './api/user-tags';
import { researchFlagsRoutes } from './api/broker-research-control-panel';
import { researchRequestsRoutes } from './api/broker-research-requests';
import { researchFulfillmentsRoutes } from './api/broker-research-fulfillments';
import { researchOtherSourcesRoutes } from './api/broker-research-other-sources';
import { brokerDetailsRoutes } from './api/broker-research-broker-details';
import { brokerUserGroupsRoutes } from './api/broker-research-brokers';
import { brokerDomainsRoutes } from './api/broker-research-domain-mappings';
import { researchSubmissionsRoutes } from './api/broker-research-user-submission';
import { auditLogRoutes } from './api/audit-log';
import { reportsRoutes } from './api/reports';
import { inviteRequestRoutes } from './api/invite-requests';
import { userContentRoutes } from './api/user-content';
import { notebookRoutes } from './api/notebook';
import { openApiRoute } from './api/openapi';
import type { Route } from './routes';

export const ROUTES: readonly Route[] = [
  // Probes of the process (decision 100).
  ...healthRoutes,
  ...signInRoutes,
  ...sessionRoutes,
  ...clientLogRoutes,
  ...userListRoutes,
  ...organizationRoutes,
  ...ownerRoutes,
  ...userCreateRoutes,
  ...mailRoutes,
  ...userEditRoutes,
  ...userTagsRoutes,
  ...userBulkEditRoutes,
  ...segmentRoutes,
  ...brokerRoutes,
  // Broker Research, by tab (decision 055)
  ...researchFlagsRoutes,
  ...researchRequestsRoutes,
  ...researchFulfillmentsRoutes,
  ...researchOtherSourcesRoutes,
  ...brokerDetailsRoutes,
  ...brokerUserGroupsRoutes,
  ...brokerDomainsRoutes,
  ...researchSubmissionsRoutes,
  ...groupRoutes,
  ...groupsV2Routes,
  ...roleRoutes,
  ...redshiftRoutes,
  ...templateRoutes,
  ...skuRoutes,
  ...accountRoutes,
  ...auditLogRoutes,
  ...reportsRoutes,
  ...inviteRequestRoutes,
  // A user's platform content and notebook (decision 065).
  ...userContentRoutes,
  ...notebookRoutes,
  // Prometheus metrics: loopback or a bearer token, no session.
  ...metricsRoutes,
  // This table described as OpenAPI 3.1 (decision 102).
  openApiRoute(() => ROUTES),
];
