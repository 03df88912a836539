import { Outlet, createFileRoute, useRouterState } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { selectFeatures } from '../machines/session/session.selectors';
import { useConsole } from '../ui/console-context';
import { PageArrival } from '../ui/page-arrival';
import { NoPermission } from '../ui/sections/no-permission';
import { Shell } from '../ui/shell/shell';
import { readAhead } from '../sections/first-reads';
import { deniedSection, requireSession } from './-guards';

export const Route = createFileRoute('/_authed')({
  beforeLoad: ({ context }) => requireSession(context),
  // A section's first read as the pointer rests on its link (defaultPreload 'intent'); its machine's call gets the answer.
  loader: ({ location }) => readAhead(location.pathname, location.search),
  component: () => (
    <Shell>
      <PageArrival />
      <SectionGate />
    </Shell>
  ),
});

/** The section's screen, or what it needs when the session's features do not open it (read live: a role change shows at once). */
function SectionGate() {
  const { session } = useConsole();
  const features = useSelector(session, selectFeatures);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const denied = deniedSection(pathname, features);
  return denied ? <NoPermission entry={denied} /> : <Outlet />;
}
