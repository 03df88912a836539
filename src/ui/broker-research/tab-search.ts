// Each Broker Research tab keeps its own filters in the URL beside ?tab=, so Reload and Back return
// to them. A tab reads and sets its parameters here; moving to another tab (openTab) drops them,
// except those the move names (Requests → Broker Details of broker 12: openTab('broker_details', { broker: '12' })).
import { createContext, useContext } from 'react';
import type { BrTab } from '../../domain/broker-research';

export type TabParams = Record<string, string>;

export interface TabSearch {
  tab: BrTab;
  /** This tab's parameters, as text (never 'tab'). */
  params: TabParams;
  /** Replaces this tab's parameters; push adds a history entry (a page, an opened record), else it replaces the current one. */
  setParams: (next: TabParams, how?: { push?: boolean }) => void;
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
  const out: TabParams = {};
  for (const [key, value] of Object.entries(search)) {
    if (key === 'tab') continue;
    if (typeof value === 'string') out[key] = value;
    else if (typeof value === 'number' || typeof value === 'boolean') out[key] = String(value);
  }
  return out;
}
