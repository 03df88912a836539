import { createFileRoute } from '@tanstack/react-router';
import { WORKFLOWS } from '../machines/registry';
import { WorkflowList } from '../ui/workflows/workflow-list';
import { requireFeature } from './-guards';

export const Route = createFileRoute('/_authed/workflows')({
  beforeLoad: ({ context }) => requireFeature(context, 'workflows_tab'),
  component: () => <WorkflowList entries={WORKFLOWS} />,
});
