// /workflows: every registered machine (src/machines/registry.ts); the menu entry names its feature.
import { createFileRoute } from '@tanstack/react-router';
import { WORKFLOWS } from '../machines/registry';
import { WorkflowList } from '../ui/workflows/workflow-list';
import { requireSection } from './-guards';

export const Route = createFileRoute('/_authed/workflows')({
  beforeLoad: ({ context, location }) => requireSection(context, location.pathname),
  component: () => <WorkflowList entries={WORKFLOWS} />,
});
