// Broker Research routes: research-flags (decision 055).
import type { Route } from '../routes';

export const researchFlagsRoutes: readonly Route[] = [];
