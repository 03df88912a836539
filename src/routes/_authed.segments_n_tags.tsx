import { createFileRoute } from '@tanstack/react-router';
import { SectionPending } from '../ui/sections/section-pending';
import { requireFeature } from './-guards';

export const Route = createFileRoute('/_authed/segments_n_tags')({
  beforeLoad: ({ context }) => requireFeature(context, 'bulk_upload_tags'),
  component: () => <SectionPending path="/segments_n_tags" />,
});
