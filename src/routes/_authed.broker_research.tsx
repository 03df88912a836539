// /broker_research: eight tabs, the tab in the URL (?tab=requests) with that tab's own filters, so
// Reload and Back return to them. Validated in the screen, which loads with the section.
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { brTabOf, type BrTab } from '../domain/broker-research';
import { BrokerResearchScreen } from '../sections/broker-research/broker-research-screen';
import { tabParamsOf, type TabParams } from '../sections/broker-research/tab-search';
import { textParams } from '../ui/shared/url-params';
import { requireSection } from './-guards';

export const Route = createFileRoute('/_authed/broker_research')({
  validateSearch: textParams,
  beforeLoad: ({ context, location }) => requireSection(context, location.pathname),
  component: BrokerResearchRoute,
});

function BrokerResearchRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/broker_research' });
  const tab = brTabOf(search['tab']);
  const withTab = (to: BrTab, params: TabParams) => (to === 'control_panel' ? params : { tab: to, ...params });
  return (
    <BrokerResearchScreen
      search={{
        tab,
        params: tabParamsOf(search),
        setParams: (params, how) => void navigate({ search: withTab(tab, params), replace: !how?.push }),
        openTab: (to, params = {}) => void navigate({ search: withTab(to, params) }),
      }}
    />
  );
}
