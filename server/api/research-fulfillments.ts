// Broker Research routes: research-fulfillments (decision 055).
import type { Route } from '../routes';

export const researchFulfillmentsRoutes: readonly Route[] = [];
