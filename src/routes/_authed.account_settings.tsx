// /account_settings: Account Settings (decision 051); needs account_settings_tab. The list's
// search and page and the open account live in the URL (?q=&cursor=&page=&page_size=&account=), so
// a reload returns to them. Validated in the component, which loads with the section.
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import * as v from 'valibot';
import { AccountSearchSchema } from '../sections/account-settings/account-settings.url';
import { AccountSettingsScreen } from '../sections/account-settings/account-settings-screen';
import { requireSection } from './-guards';

export const Route = createFileRoute('/_authed/account_settings')({
  validateSearch: (raw: Record<string, unknown>) => raw,
  beforeLoad: ({ context, location }) => requireSection(context, location.pathname),
  component: AccountSettingsRoute,
});

function AccountSettingsRoute() {
  const raw = Route.useSearch();
  const search = useMemo(() => v.parse(AccountSearchSchema, raw), [raw]);
  const navigate = useNavigate({ from: '/account_settings' });
  const go = useCallback(
    (next: Record<string, string | number>) => void navigate({ search: next, replace: true }),
    [navigate],
  );
  return <AccountSettingsScreen search={search} navigate={go} />;
}
