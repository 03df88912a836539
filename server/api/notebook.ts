// A user's notebook (decision 065): notification setting, note templates, notebook tags, tag groups, transcript source.
import type { Route } from '../routes';

export const notebookRoutes: readonly Route[] = [];
