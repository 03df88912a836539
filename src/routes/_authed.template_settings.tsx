// /template_settings: Template Settings (decision 052), templates of account settings applied to
// accounts after a dry run; needs template_settings_tab.
import { createFileRoute } from '@tanstack/react-router';
import { TemplatesScreen } from '../sections/templates/templates-screen';
import { requireSection } from './-guards';

export const Route = createFileRoute('/_authed/template_settings')({
  beforeLoad: ({ context, location }) => requireSection(context, location.pathname),
  component: () => <TemplatesScreen />,
});
