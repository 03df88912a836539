// Every API route of the server, in one list: app.ts mounts it, tests walk it.
import { clientLogRoutes } from './api/client-log';
import { sessionRoutes } from './api/session';
import { signInRoutes } from './api/sign-in';
import type { Route } from './routes';

export const ROUTES: readonly Route[] = [...signInRoutes, ...sessionRoutes, ...clientLogRoutes];
