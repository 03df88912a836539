import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { BannerView } from '../ui/banner/banner-view';
import { RouteError } from '../ui/error/route-error';
import { SessionExpiryDialog } from '../ui/session/session-expiry-dialog';
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
      <SessionExpiryDialog />
    </>
  );
}
