// /audit_log: a section not built yet; its menu entry (src/domain/menu.ts) names the feature it needs.
import { createFileRoute } from '@tanstack/react-router';
import { SectionPending } from '../ui/sections/section-pending';
import { requireSection } from './-guards';

export const Route = createFileRoute('/_authed/audit_log')({
  beforeLoad: ({ context, location }) => requireSection(context, location.pathname),
  component: () => <SectionPending path="/audit_log" />,
});
