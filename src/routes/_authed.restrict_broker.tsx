// /restrict_broker: a section not built yet; its menu entry (src/domain/menu.ts) names the feature it needs.
import { createFileRoute } from '@tanstack/react-router';
import { SectionPending } from '../ui/sections/section-pending';
import { requireSection } from './-guards';

export const Route = createFileRoute('/_authed/restrict_broker')({
  beforeLoad: ({ context, location }) => requireSection(context, location.pathname),
  component: () => <SectionPending path="/restrict_broker" />,
});
