// Broker Research, Control Panel (decision 056): the research flags of the distributors this
// session sees — the product's, and Refinitiv's when other_features has tri_submittor — and the
// submissions waiting for review.
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { distributorLabel, distributorsFor } from '../../../domain/broker-research';
import { useConsole } from '../../../ui/console-context';
import { selectStaffId } from '../../../ui/form/form-draft';
import { ControlPanelView, ResearchFlagsDraftKeeper, ResearchFlagsScope } from './control-panel-view';

export function ControlPanelTab() {
  const { session, config } = useConsole();
  const staff = useSelector(session, selectStaffId);
  const otherFeatures = useSelector(session, (s) => (s.context.info?.other_features ?? []).join(','));
  const key = distributorsFor(config.product_key, otherFeatures.split(',')).join('+');
  const dists = useMemo(() => key.split('+').map((dist) => ({ dist, label: distributorLabel(dist) })), [key]);
  return (
    // A change of what the session may see starts the panel again.
    <ResearchFlagsScope key={key} staff={staff} dists={dists}>
      <ResearchFlagsDraftKeeper staff={staff} dists={dists.map((d) => d.dist)} />
      <ControlPanelView />
    </ResearchFlagsScope>
  );
}
