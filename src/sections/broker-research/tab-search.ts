// Each Broker Research tab keeps its own filters in the URL beside ?tab=, so Reload and Back return
// to them. A tab reads and sets its parameters here; moving to another tab (openTab) drops them,
// except those the move names (Requests → Broker Details of broker 12: openTab('broker_details', { broker: '12' })).
import { createContext, useContext } from 'react';
import type { BrTab } from '../../domain/broker-research';
import { textParams, type UrlParams, type UrlParamsBinding } from '../../ui/shared/url-params';

export type TabParams = UrlParams;

/** The one URL binding (ui/shared/url-params.ts) with the tab it belongs to and the move to another tab. */
export interface TabSearch extends UrlParamsBinding {
  tab: BrTab;
  openTab: (tab: BrTab, params?: TabParams) => void;
}

export const TabSearchContext = createContext<TabSearch | null>(null);

export function useTabSearch(): TabSearch {
  const value = useContext(TabSearchContext);
  if (!value) throw new Error('useTabSearch needs the Broker Research screen around it.');
  return value;
}

/** The URL's search as a tab's parameters: text values only, the tab itself left out. */
export function tabParamsOf(search: Record<string, unknown>): TabParams {
  const { tab: _tab, ...params } = textParams(search);
  return params;
}
