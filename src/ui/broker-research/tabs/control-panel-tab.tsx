// Broker Research, control_panel tab.
import { TabPending } from '../tab-pending';

export function ControlPanelTab() {
  return <TabPending tab="control_panel" />;
}
