import { Outlet, createFileRoute } from '@tanstack/react-router';
import { Shell } from '../ui/shell/shell';
import { requireSession } from './-guards';

export const Route = createFileRoute('/_authed')({
  beforeLoad: ({ context }) => requireSession(context),
  component: () => (
    <Shell>
      <Outlet />
    </Shell>
  ),
});
