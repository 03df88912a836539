// Broker Research, Fulfillments from Other Sources (decision 060): a distributor's file of
// entitlements, checked row by row and applied in one transaction, and the latest imports.
import { useSelector } from '@xstate/react';
import { distributorsFor } from '../../../domain/broker-research';
import { liveOtherSourceUploadMachine } from './other-sources.live';
import { useConsole } from '../../../ui/console-context';
import { OtherSourceUpload } from './other-sources-upload';

export function OtherSourcesTab() {
  const { session, config } = useConsole();
  const otherFeatures = useSelector(session, (s) => (s.context.info?.other_features ?? []).join(','));
  const dists = distributorsFor(config.product_key, otherFeatures.split(','));
  // A change of what the session may name starts the upload again.
  return <OtherSourceUpload key={dists.join('+')} dists={dists} logic={liveOtherSourceUploadMachine} />;
}
