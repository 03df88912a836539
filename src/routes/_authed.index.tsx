import { createFileRoute, redirect } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { rootTarget, visibleMenu } from '../domain/menu';
import { selectFeatures } from '../machines/session/session.selectors';
import { useConsole } from '../ui/console-context';
import { NoSections } from '../ui/sections/no-sections';

// The root opens the first granted of user, group and role management (docs/decisions/010).
export const Route = createFileRoute('/_authed/')({
  beforeLoad: ({ context }) => {
    const target = rootTarget(selectFeatures(context.console.session.getSnapshot()));
    if (target) throw redirect({ to: target });
  },
  component: RootPage,
});

function RootPage() {
  const { session } = useConsole();
  const features = useSelector(session, selectFeatures);
  return <NoSections entries={visibleMenu(features)} />;
}
