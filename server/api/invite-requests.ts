// Invite Request Users (decision 064): routes to come.
import type { Route } from '../routes';

export const inviteRequestRoutes: readonly Route[] = [];
