// Broker Research routes: broker-user-groups (decision 055).
import type { Route } from '../routes';

export const brokerUserGroupsRoutes: readonly Route[] = [];
