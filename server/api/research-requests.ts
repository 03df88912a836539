// Broker Research routes: research-requests (decision 055).
import type { Route } from '../routes';

export const researchRequestsRoutes: readonly Route[] = [];
