import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { BannerView } from '../ui/banner/banner-view';
import { RouteError } from '../ui/error/route-error';
import { SessionExpiryGate } from '../ui/session/session-expiry-gate';
import type { RouterContext } from './-guards';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  errorComponent: RouteError,
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
