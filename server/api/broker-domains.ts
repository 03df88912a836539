// Broker Research routes: broker-domains (decision 055).
import type { Route } from '../routes';

export const brokerDomainsRoutes: readonly Route[] = [];
