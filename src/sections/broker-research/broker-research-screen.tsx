// Broker Research (spec §2; decision 055): eight tabs, the tab in the URL (?tab=requests) with each
// tab's own filters beside it. Only the open tab is mounted: each is a workflow of its own.
import { Flex, Heading, Tabs } from '@radix-ui/themes';
import type { ComponentType } from 'react';
import { BR_TAB_LABELS, BR_TABS, brTabOf, type BrTab } from '../../domain/broker-research';
import { TabSearchContext, type TabSearch } from './tab-search';
import { BrokerDetailsTab } from './broker-details/broker-details-tab';
import { BrokersTab } from './brokers/brokers-tab';
import { ControlPanelTab } from './control-panel/control-panel-tab';
import { DomainMappingsTab } from './domain-mappings/domain-mappings-tab';
import { FulfillmentsTab } from './fulfillments/fulfillments-tab';
import { OtherSourcesTab } from './other-sources/other-sources-tab';
import { RequestsTab } from './requests/requests-tab';
import { UserSubmissionTab } from './user-submission/user-submission-tab';

const TAB_VIEWS: Record<BrTab, ComponentType> = {
  control_panel: ControlPanelTab,
  requests: RequestsTab,
  broker_details: BrokerDetailsTab,
  fulfillments: FulfillmentsTab,
  brokers: BrokersTab,
  other_sources: OtherSourcesTab,
  domain_mappings: DomainMappingsTab,
  user_submission: UserSubmissionTab,
};

export function BrokerResearchScreen({ search }: { search: TabSearch }) {
  const View = TAB_VIEWS[search.tab];
  return (
    <Flex direction="column" gap="3">
      <Heading as="h2" size="5">
        Broker Research
      </Heading>
      <Tabs.Root value={search.tab} onValueChange={(v) => search.openTab(brTabOf(v))}>
        {/* One line: size 1 keeps all eight in sight beside the menu from 1200 px (where the menu
            folds, the page is wider); narrower, the row scrolls sideways (a thin bar shows it) rather than wrap. */}
        <Tabs.List size="1" wrap="nowrap" className="scrolling-tab-list">
          {BR_TABS.map((tab) => (
            <Tabs.Trigger key={tab} value={tab}>
              {BR_TAB_LABELS[tab]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <TabSearchContext.Provider value={search}>
          {BR_TABS.map((tab) => (
            <Tabs.Content key={tab} value={tab} mt="3">
              {tab === search.tab ? <View /> : null}
            </Tabs.Content>
          ))}
        </TabSearchContext.Provider>
      </Tabs.Root>
    </Flex>
  );
}
