// /workflows/<machine>: the diagram with its details panel, Simulate and Live modes and exports;
// the generated test plan; the Mermaid text. The rules live in src/workflows; this composes.
import { Box, Button, Callout, Code, Flex, Heading, Link as ThemeLink, Switch, Tabs, Text } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import { useState, useSyncExternalStore } from 'react';
import type { Diagram } from '../../workflows/layout';
import { createSimulation, type Simulation, type SimulationView } from '../../workflows/simulation';
import type { InspectionBus } from '../../machines/inspection';
import type { WorkflowEntry } from '../../machines/registry';
import { DiagramCanvas } from './diagram-canvas';
import { workflowDock } from './dock-store';
import type { Highlights } from './diagram-svg';
import { ExportMenu } from './export-menu';
import { LivePanel } from './live-panel';
import { MermaidView } from './mermaid-view';
import { SimulatePanel } from './simulate-panel';
import { StateDetails } from './state-details';
import { TestPlanView } from './test-plan-view';
import { useLiveStates } from './use-live-states';

export interface WorkflowPageProps {
  entry: WorkflowEntry;
  diagram: Diagram;
  inspection: InspectionBus;
}

const CANVAS_HEIGHT = 'max(420px, calc(100vh - 270px))';
const noSubscription = () => () => {};
const noView = () => null;

function useSimulationView(simulation: Simulation | null): SimulationView | null {
  return useSyncExternalStore(
    simulation ? simulation.subscribe : noSubscription,
    simulation ? simulation.getView : noView,
  );
}

export function WorkflowPage({ entry, diagram, inspection }: WorkflowPageProps) {
  const { model } = diagram;
  const [selected, setSelected] = useState<string | null>(null);
  const [simulation, setSimulation] = useState<Simulation | null>(null);
  const [liveOn, setLiveOn] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const sim = useSimulationView(simulation);
  const live = useLiveStates(inspection, model, liveOn);

  const toggleSimulation = (on: boolean) => {
    simulation?.stop();
    setSimulation(
      on ? createSimulation({ machine: entry.machine, model, plans: entry.plans, wording: model.wording }) : null,
    );
  };

  const lastEdges = sim
    ? new Set(model.edges.filter((e) => sim.lastTransitions.has(e.transition)).map((e) => e.id))
    : undefined;
  const highlights: Highlights = { selected, current: sim?.active, live: live.active, edges: lastEdges };
  // The diagram keeps in view where the simulation or the running machine is, or the state picked in the details.
  const innermost = (ids: ReadonlySet<string> | undefined) =>
    model.nodes.find((n) => ids?.has(n.id) && !model.nodes.some((c) => c.parent === n.id))?.id ?? null;
  const follow = innermost(sim?.active) ?? (liveOn ? innermost(live.active) : null) ?? selected;
  // The column beside the diagram appears when it has something to show; until then the diagram has the width.
  const panel = selected !== null || simulation !== null || liveOn;

  return (
    <Flex direction="column" gap="3">
      <Text size="2">
        <ThemeLink asChild>
          <Link to="/workflows">Workflows</Link>
        </ThemeLink>{' '}
        › {entry.title}
      </Text>
      <Flex direction="column" gap="1">
        <Heading as="h2" size="5">
          {entry.title}
        </Heading>
        <Text as="p" size="2">
          {entry.purpose}{' '}
          <Text size="1" color="gray">
            Machine{' '}
            <Code size="1" variant="ghost">
              {entry.id}
            </Code>{' '}
            in{' '}
            <Code size="1" variant="ghost">
              {entry.source}
            </Code>
            .
          </Text>
        </Text>
      </Flex>
      {error && (
        <Callout.Root color="red" role="alert">
          <Callout.Text>{error}</Callout.Text>
        </Callout.Root>
      )}
      <Tabs.Root defaultValue="diagram">
        <Tabs.List>
          <Tabs.Trigger value="diagram">Diagram</Tabs.Trigger>
          <Tabs.Trigger value="plan">Test plan</Tabs.Trigger>
          <Tabs.Trigger value="mermaid">Mermaid</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="diagram">
          <Flex gap="4" align="center" wrap="wrap" py="3">
            <Text as="label" size="2">
              <Flex gap="2" align="center">
                <Switch checked={simulation !== null} onCheckedChange={toggleSimulation} /> Simulate
              </Flex>
            </Text>
            <Text as="label" size="2">
              <Flex gap="2" align="center">
                <Switch checked={liveOn} onCheckedChange={setLiveOn} /> Live
              </Flex>
            </Text>
            <ExportMenu entry={entry} diagram={diagram} onError={setError} />
            <Button variant="soft" color="gray" onClick={() => workflowDock.open(entry.id)}>
              Watch in side panel
            </Button>
            <Text size="1" color="gray">
              Drag to move, wheel or + − to zoom; click a state for its details and the shortest way to reach it; find a
              state by its name.
            </Text>
          </Flex>
          <Flex gap="4" align="start">
            <div style={{ flex: '1 1 auto', minWidth: 0 }}>
              <DiagramCanvas
                diagram={diagram}
                title={entry.title}
                highlights={highlights}
                onSelect={setSelected}
                follow={follow}
                height={CANVAS_HEIGHT}
              />
            </div>
            {panel && (
              <Flex
                direction="column"
                gap="3"
                style={{ width: 340, flexShrink: 0, maxHeight: CANVAS_HEIGHT, overflowY: 'auto' }}
              >
                {simulation && sim && (
                  <Box flexShrink="0">
                    <SimulatePanel view={sim} simulation={simulation} plans={entry.plans} />
                  </Box>
                )}
                {liveOn && (
                  <Box flexShrink="0">
                    <LivePanel live={live} title={entry.title} />
                  </Box>
                )}
                {selected && (
                  <Box flexShrink="0">
                    <StateDetails entry={entry} model={model} stateId={selected} onSelect={setSelected} />
                  </Box>
                )}
              </Flex>
            )}
          </Flex>
        </Tabs.Content>
        <Tabs.Content value="plan">
          <Flex pt="3" direction="column">
            <TestPlanView entry={entry} wording={model.wording} />
          </Flex>
        </Tabs.Content>
        <Tabs.Content value="mermaid">
          <Flex pt="3" direction="column">
            <MermaidView model={model} />
          </Flex>
        </Tabs.Content>
      </Tabs.Root>
    </Flex>
  );
}
