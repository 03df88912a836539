// Loads the expiry dialog (and Radix's dialog machinery) only when a session has expired, so
// /login's first load does not carry it.
import { useSelector } from '@xstate/react';
import { Suspense, lazy } from 'react';
import { selectIsExpired } from '../../machines/session/session.selectors';
import { useConsole } from '../console-context';

const SessionExpiryDialog = lazy(() =>
  import('./session-expiry-dialog').then((m) => ({ default: m.SessionExpiryDialog })),
);

export function SessionExpiryGate() {
  const { session } = useConsole();
  const expired = useSelector(session, selectIsExpired);
  if (!expired) return null;
  return (
    <Suspense fallback={null}>
      <SessionExpiryDialog />
    </Suspense>
  );
}
