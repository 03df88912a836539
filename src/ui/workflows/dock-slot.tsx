// Where the live side panel mounts in the shell: nothing until a workflow is being watched, and
// then only for a person who holds workflows_tab. The panel itself (and the layout engine) load
// on demand.
import { VisuallyHidden } from '@radix-ui/themes';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { selectFeatures } from '../../machines/session/session.selectors';
import { useConsole } from '../console-context';
import { workflowDock } from './dock-store';

const WorkflowDock = lazy(() => import('./workflow-dock'));

export function WorkflowDockSlot() {
  const machineId = useSyncExternalStore(workflowDock.subscribe, workflowDock.get);
  const { session } = useConsole();
  const allowed = useSelector(session, (s) => selectFeatures(s).includes('workflows_tab'));
  if (!machineId || !allowed) return null;
  return (
    <Suspense fallback={<VisuallyHidden role="status">Loading the live workflow panel…</VisuallyHidden>}>
      <WorkflowDock key={machineId} machineId={machineId} />
    </Suspense>
  );
}
