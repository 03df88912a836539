// /segments_n_tags: Bulk Tag Upload (default) and Segments, the tab in the URL (?tab=segments) so
// Reload and Back return to it. Validated in the component, which loads with the section.
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { SegmentsNTagsScreen, tabOf, type SegmentsNTagsTab } from '../sections/segments-n-tags/segments-n-tags-screen';
import { requireSection } from './-guards';

export const Route = createFileRoute('/_authed/segments_n_tags')({
  validateSearch: (raw: Record<string, unknown>) => raw,
  beforeLoad: ({ context, location }) => requireSection(context, location.pathname),
  component: SegmentsNTagsRoute,
});

function SegmentsNTagsRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/segments_n_tags' });
  const choose = (tab: SegmentsNTagsTab) => void navigate({ search: tab === 'bulk_upload' ? {} : { tab } });
  return <SegmentsNTagsScreen tab={tabOf(search.tab)} onTab={choose} />;
}
