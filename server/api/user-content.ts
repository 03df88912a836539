// A user's platform content (decision 065): saved searches, watchlists, dashboards, and the copy.
import type { Route } from '../routes';

export const userContentRoutes: readonly Route[] = [];
