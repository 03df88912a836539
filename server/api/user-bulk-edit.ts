// user-bulk-edit routes of the user area (decision 020).
import type { Route } from '../routes';

export const userBulkEditRoutes: Route[] = [];
