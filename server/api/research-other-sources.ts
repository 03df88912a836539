// Broker Research routes: research-other-sources (decision 055).
import type { Route } from '../routes';

export const researchOtherSourcesRoutes: readonly Route[] = [];
