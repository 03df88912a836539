// /workflows/$machineId: one machine's diagram, simulator and test plan, under the Workflows menu entry's feature.
import { Callout, Flex, Heading, Link as ThemeLink } from '@radix-ui/themes';
import { Link, createFileRoute } from '@tanstack/react-router';
import { useConsole } from '../ui/console-context';
import { WorkflowPage } from '../ui/workflows/workflow-page';
import { requireSection } from './-guards';

// The machines do not change while the page is open: a diagram is laid out once per page load.
export const Route = createFileRoute('/_authed/workflows_/$machineId')({
  beforeLoad: ({ context, location }) => requireSection(context, location.pathname),
  loader: async ({ params }) => (await import('../ui/workflows/load-workflow')).loadWorkflow(params.machineId),
  staleTime: Infinity,
  component: WorkflowRoute,
  notFoundComponent: UnknownWorkflow,
});

function WorkflowRoute() {
  const { entry, diagram } = Route.useLoaderData();
  const { inspection } = useConsole();
  return <WorkflowPage key={entry.id} entry={entry} diagram={diagram} inspection={inspection} />;
}

function UnknownWorkflow() {
  const { machineId } = Route.useParams();
  return (
    <Flex direction="column" gap="3">
      <Heading as="h2" size="5">
        Workflows
      </Heading>
      <Callout.Root color="gray">
        <Callout.Text>
          There is no workflow named “{machineId}”.{' '}
          <ThemeLink asChild>
            <Link to="/workflows">See the list of workflows</Link>
          </ThemeLink>
          .
        </Callout.Text>
      </Callout.Root>
    </Flex>
  );
}
