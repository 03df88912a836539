// Broker Research routes: broker-details (decision 055).
import type { Route } from '../routes';

export const brokerDetailsRoutes: readonly Route[] = [];
