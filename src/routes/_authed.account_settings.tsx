import { createFileRoute } from '@tanstack/react-router';
import { SectionPending } from '../ui/sections/section-pending';
import { requireFeature } from './-guards';

export const Route = createFileRoute('/_authed/account_settings')({
  beforeLoad: ({ context }) => requireFeature(context, 'account_settings_tab'),
  component: () => <SectionPending path="/account_settings" />,
});
