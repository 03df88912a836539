// Loads the idle warning and the expiry dialog (and Radix's dialog machinery) only when one is
// due, so /login's first load does not carry them.
import { useSelector } from '@xstate/react';
import { Suspense, lazy } from 'react';
import { selectIdleWarning, selectIsExpired } from '../../machines/session/session.selectors';
import { useConsole } from '../console-context';

const SessionExpiryDialog = lazy(() =>
  import('./session-expiry-dialog').then((m) => ({ default: m.SessionExpiryDialog })),
);
const IdleWarningDialog = lazy(() => import('./idle-warning-dialog').then((m) => ({ default: m.IdleWarningDialog })));

export function SessionExpiryGate() {
  const { session } = useConsole();
  const expired = useSelector(session, selectIsExpired);
  const warning = useSelector(session, selectIdleWarning);
  if (!expired && !warning) return null;
  return <Suspense fallback={null}>{expired ? <SessionExpiryDialog /> : <IdleWarningDialog />}</Suspense>;
}
