import { createFileRoute } from '@tanstack/react-router';
import { SectionPending } from '../ui/sections/section-pending';
import { requireFeature } from './-guards';

export const Route = createFileRoute('/_authed/template_settings')({
  beforeLoad: ({ context }) => requireFeature(context, 'template_settings_tab'),
  component: () => <SectionPending path="/template_settings" />,
});
