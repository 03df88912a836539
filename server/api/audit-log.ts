// The Audit Log (decision 062): routes to come.
import type { Route } from '../routes';

export const auditLogRoutes: readonly Route[] = [];
