// /template_settings: Template Settings (decision 052), templates of account settings applied to
// accounts after a dry run; needs template_settings_tab.
import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { TemplatesScreen } from '../sections/templates/templates-screen';
import { useReplaceSearch } from './-address';
import { requireSection } from './-guards';

export const Route = createFileRoute('/_authed/template_settings')({
  beforeLoad: ({ context, location }) => requireSection(context, location.pathname),
  // Every key answered: the router lays this over the raw search, so one left out keeps a malformed value.
  validateSearch: (raw: Record<string, unknown>): { q?: string | undefined } => ({
    q: typeof raw['q'] === 'string' && raw['q'].length <= 200 ? raw['q'] : undefined,
  }),
  component: TemplatesRoute,
});

function TemplatesRoute() {
  const { q } = Route.useSearch();
  const replaceSearch = useReplaceSearch<{ q?: string }>('/template_settings');
  const onSearched = useCallback((searched: string) => replaceSearch(searched ? { q: searched } : {}), [replaceSearch]);
  return <TemplatesScreen query={q} onSearched={onSearched} />;
}
