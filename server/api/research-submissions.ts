// Broker Research routes: research-submissions (decision 055).
import type { Route } from '../routes';

export const researchSubmissionsRoutes: readonly Route[] = [];
