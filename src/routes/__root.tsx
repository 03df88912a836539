import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { BannerView } from '../ui/banner/banner-view';
import { RouteError } from '../ui/error/route-error';
import { NotFoundPage } from '../ui/not-found/not-found-page';
import { SessionExpiryGate } from '../ui/session/session-expiry-gate';
import type { RouterContext } from './-guards';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  errorComponent: RouteError,
  // Unknown addresses are the splat route's (_authed.$.tsx, inside the shell); this words a
  // notFound() no section answers itself, rather than the router's bare 'Not Found'.
  notFoundComponent: NotFoundPage,
});

function RootLayout() {
  return (
    <>
      <Outlet />
      <BannerView />
      <SessionExpiryGate />
    </>
  );
}
