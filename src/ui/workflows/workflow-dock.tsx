// The live side panel: one workflow's diagram in a corner of the page, its states lit as the
// machines of this tab move, while the person goes on using the panel (a sign-in elsewhere is in
// another tab, so this watches the session, the banner, a user edit … in this one).
import { Box, Card, Flex, IconButton, Link as ThemeLink, Text, Tooltip } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import { use, useState } from 'react';
import { useConsole } from '../console-context';
import { DiagramCanvas } from './diagram-canvas';
import { workflowDock } from './dock-store';
import { loadWorkflow, type LoadedWorkflow } from './load-workflow';
import { useLiveStates } from './use-live-states';

/** One layout per machine and page load, shared by every render (React's use() needs the same promise). */
const layouts = new Map<string, Promise<LoadedWorkflow | null>>();
function layoutOf(machineId: string): Promise<LoadedWorkflow | null> {
  let found = layouts.get(machineId);
  if (!found) {
    found = loadWorkflow(machineId).catch(() => null);
    layouts.set(machineId, found);
  }
  return found;
}

export default function WorkflowDock({ machineId }: { machineId: string }) {
  const loaded = use(layoutOf(machineId));
  const { inspection } = useConsole();
  const [open, setOpen] = useState(true);
  if (!loaded) return null;
  return <DockPanel loaded={loaded} inspection={inspection} open={open} onToggle={() => setOpen(!open)} />;
}

function DockPanel({
  loaded,
  inspection,
  open,
  onToggle,
}: {
  loaded: LoadedWorkflow;
  inspection: ReturnType<typeof useConsole>['inspection'];
  open: boolean;
  onToggle(): void;
}) {
  const { entry, diagram } = loaded;
  const live = useLiveStates(inspection, diagram.model, true);
  const innermost =
    diagram.model.nodes.find((n) => live.active.has(n.id) && !diagram.model.nodes.some((c) => c.parent === n.id))?.id ??
    null;
  return (
    <Card
      asChild
      size="1"
      style={{
        position: 'fixed',
        right: 16,
        bottom: 16,
        zIndex: 5,
        width: open ? 'min(560px, calc(100vw - 32px))' : 'auto',
        boxShadow: 'var(--shadow-5)',
      }}
    >
      <aside aria-label={`Live workflow: ${entry.title}`}>
        <Flex direction="column" gap="2">
          <Flex align="center" justify="between" gap="3">
            <Box minWidth="0">
              <Text as="div" size="2" weight="medium">
                Live: {entry.title}
              </Text>
              <Text
                as="div"
                size="1"
                color="gray"
                role="status"
                style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
              >
                {live.running.length ? live.running.join(' · ') : 'Not running in this tab right now'}
              </Text>
            </Box>
            <Flex gap="2" align="center" flexShrink="0">
              <ThemeLink asChild size="1">
                <Link to="/workflows/$machineId" params={{ machineId: entry.id }}>
                  Open
                </Link>
              </ThemeLink>
              <Tooltip content={open ? 'Hide the diagram' : 'Show the diagram'}>
                <IconButton
                  size="1"
                  variant="soft"
                  color="gray"
                  aria-label={open ? 'Hide the diagram' : 'Show the diagram'}
                  aria-expanded={open}
                  onClick={onToggle}
                >
                  {open ? '▾' : '▴'}
                </IconButton>
              </Tooltip>
              <Tooltip content="Stop watching">
                <IconButton
                  size="1"
                  variant="soft"
                  color="gray"
                  aria-label="Stop watching"
                  onClick={() => workflowDock.close()}
                >
                  ×
                </IconButton>
              </Tooltip>
            </Flex>
          </Flex>
          {open && (
            <DiagramCanvas
              diagram={diagram}
              title={entry.title}
              highlights={{ live: live.active }}
              onSelect={() => {}}
              follow={innermost}
              height={300}
              tools={false}
            />
          )}
        </Flex>
      </aside>
    </Card>
  );
}
