// Composes one page load of the panel: long-lived actors, router and providers. main.tsx runs it
// in the browser; tests run it with a memory history against the in-process server.
import { RouterProvider, createRouter, type RouterHistory } from '@tanstack/react-router';
import type { AppConfig } from './domain/app-config';
import { nameProduct } from './domain/product';
import { createConsoleActors, type Navigation } from './machines/live';
import { routeTree } from './routeTree.gen';
import { readAhead } from './sections/first-reads';
import { ConsoleContext, type ConsoleValue } from './ui/console-context';
import { ErrorBoundary } from './ui/error/error-boundary';
import { PendingView } from './ui/error/pending-view';
import { RouteError } from './ui/error/route-error';
import { ThemeRoot } from './ui/theme-root';

export interface ConsoleAppOptions {
  config: AppConfig;
  history: RouterHistory;
  /** Full page loads; the browser's by default. */
  load?: Navigation['load'];
}

export function createConsoleApp({ config, history, load }: ConsoleAppOptions) {
  // Labels and messages read the product's display name (src/domain/product.ts).
  nameProduct(config.product_key, config.product_name);
  let router: ReturnType<typeof buildRouter> | undefined;
  const nav: Navigation = {
    // Deferred: machine actions run inside a transition, before the new snapshot is visible to guards.
    navigate: (to) => void Promise.resolve().then(() => router?.navigate({ to })),
    load: load ?? ((to) => (to ? window.location.assign(to) : window.location.reload())),
  };
  const actors = createConsoleActors(config, nav, history.location.pathname);
  const value: ConsoleValue = { ...actors, config };
  router = buildRouter(value, history);
  router.subscribe('onResolved', ({ toLocation }) =>
    actors.session.send({ type: 'route.change', path: toLocation.pathname }),
  );
  return {
    router,
    value,
    start() {
      actors.banner.start();
      actors.linkout.start();
      actors.session.start();
      // With the session check, not after it: the section's first read and its code (decision 105).
      const { pathname, search } = history.location;
      readAhead(pathname, Object.fromEntries(new URLSearchParams(search)));
      for (const { routeId } of router.matchRoutes(pathname))
        void Promise.resolve(router.loadRouteChunk(router.routesById[routeId])).catch(() => undefined);
    },
    stop() {
      actors.session.stop();
      actors.linkout.stop();
      actors.banner.stop();
    },
  };
}

function buildRouter(value: ConsoleValue, history: RouterHistory) {
  return createRouter({
    routeTree,
    history,
    context: { console: value },
    defaultPendingComponent: PendingView,
    defaultErrorComponent: RouteError,
    defaultPreload: 'intent',
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof buildRouter>;
  }
}

export type ConsoleApp = ReturnType<typeof createConsoleApp>;

export function ConsoleRoot({ app }: { app: ConsoleApp }) {
  return (
    <ConsoleContext.Provider value={app.value}>
      <ThemeRoot>
        <ErrorBoundary showDetails={app.value.config.environment !== 'production'}>
          <RouterProvider router={app.router} />
        </ErrorBoundary>
      </ThemeRoot>
    </ConsoleContext.Provider>
  );
}
