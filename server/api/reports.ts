// Reports Dashboard (decision 063): routes to come.
import type { Route } from '../routes';

export const reportsRoutes: readonly Route[] = [];
