// Segments & Tags: two tabs, each a workflow of its own (bulk-tag-upload/, segments/).
import { Tabs } from '@radix-ui/themes';
import { BulkTagUploadTab } from './bulk-tag-upload-tab';
import { SegmentsTab } from './segments-tab';
import { SectionPage } from '../../ui/shared/section-page';

export const SEGMENTS_N_TAGS_TABS = ['bulk_upload', 'segments'] as const;
export type SegmentsNTagsTab = (typeof SEGMENTS_N_TAGS_TABS)[number];

/** The tab a URL names; anything else is the default, Bulk Tag Upload. */
export function tabOf(raw: unknown): SegmentsNTagsTab {
  return raw === 'segments' ? 'segments' : 'bulk_upload';
}

export function SegmentsNTagsScreen({ tab, onTab }: { tab: SegmentsNTagsTab; onTab: (tab: SegmentsNTagsTab) => void }) {
  return (
    <SectionPage title="Segments &amp; Tags" gap="3">
      <Tabs.Root value={tab} onValueChange={(v) => onTab(tabOf(v))}>
        <Tabs.List>
          <Tabs.Trigger value="bulk_upload">Bulk Tag Upload</Tabs.Trigger>
          <Tabs.Trigger value="segments">Segments</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="bulk_upload" mt="3">
          {tab === 'bulk_upload' ? <BulkTagUploadTab /> : null}
        </Tabs.Content>
        <Tabs.Content value="segments" mt="3">
          {tab === 'segments' ? <SegmentsTab /> : null}
        </Tabs.Content>
      </Tabs.Root>
    </SectionPage>
  );
}
