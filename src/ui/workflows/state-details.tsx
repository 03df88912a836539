// The panel beside the diagram for the state a person clicked: what it is, what it does, where it
// can go, and the shortest way to reach it from the start, told as steps.
import { Badge, Box, Card, Code, Flex, Heading, Link, Text } from '@radix-ui/themes';
import { useMemo, type ReactNode } from 'react';
import type { DiagramModel, ModelEdge, ModelNode } from '../../workflows/model';
import { shortestPathTo } from '../../workflows/steps';
import type { WorkflowEntry } from '../../machines/registry';

export interface StateDetailsProps {
  entry: WorkflowEntry;
  model: DiagramModel;
  stateId: string;
  onSelect(stateId: string): void;
}

const KIND_WORDS: Record<ModelNode['kind'], string> = {
  atomic: 'state',
  compound: 'compound state',
  parallel: 'parallel state',
  final: 'final state',
  history: 'history state',
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box>
      <Heading as="h4" size="2" mb="1">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

function TransitionList({
  edges,
  model,
  onSelect,
}: {
  edges: ModelEdge[];
  model: DiagramModel;
  onSelect(id: string): void;
}) {
  const titleOf = (id: string) => model.nodes.find((n) => n.id === id)?.title ?? id;
  return (
    <Flex asChild direction="column" gap="1" m="0" p="0" style={{ listStyle: 'none' }}>
      <ul>
        {edges.map((e) => (
          <li key={e.id}>
            <Text size="2">
              {e.event}
              {e.guard && <Text color="gray"> [{e.guard}]</Text>}
              {' → '}
              {e.inPlace ? (
                <Text color="gray">stays{e.actions.length ? ` (${e.actions.join(', ')})` : ''}</Text>
              ) : (
                <Link asChild>
                  <button
                    type="button"
                    onClick={() => onSelect(e.target)}
                    style={{ background: 'none', border: 0, padding: 0, cursor: 'pointer', font: 'inherit' }}
                  >
                    {titleOf(e.target)}
                  </button>
                </Link>
              )}
            </Text>
          </li>
        ))}
      </ul>
    </Flex>
  );
}

export function StateDetails({ entry, model, stateId, onSelect }: StateDetailsProps) {
  const node = model.nodes.find((n) => n.id === stateId);
  // Computed once per state (the walk of a plan is cached): pure, not a fetch.
  const reaching = useMemo(
    () => shortestPathTo(entry.machine, stateId, entry.plans, model.wording),
    [entry, stateId, model.wording],
  );
  if (!node) return null;

  const own = model.edges.filter((e) => e.source === node.id);
  const ancestors: ModelNode[] = [];
  for (let p = node.parent; p; p = model.nodes.find((n) => n.id === p)?.parent ?? null) {
    const parent = model.nodes.find((n) => n.id === p);
    if (parent) ancestors.push(parent);
  }
  const inherited = [
    ...ancestors.flatMap((a) => model.edges.filter((e) => e.source === a.id).map((e) => ({ from: a.title, edge: e }))),
    ...(model.anyState
      ? model.edges.filter((e) => e.source === model.anyState!.id).map((e) => ({ from: 'any state', edge: e }))
      : []),
  ];

  return (
    <Card asChild>
      <section aria-labelledby="state-details-title">
        <Flex direction="column" gap="3">
          <Box>
            <Heading id="state-details-title" as="h3" size="3">
              {node.title}
            </Heading>
            <Flex gap="2" align="center" wrap="wrap" mt="1">
              <Badge color="gray">{KIND_WORDS[node.kind]}</Badge>
              <Code size="1" variant="ghost">
                {node.id}
              </Code>
            </Flex>
          </Box>
          <Text as="p" size="2" color={node.description ? undefined : 'gray'}>
            {node.description ?? 'No description in the machine.'}
          </Text>
          {node.tags.length > 0 && (
            <Section title="Tags">
              <Flex gap="1" wrap="wrap">
                {node.tags.map((t) => (
                  <Badge key={t}>{t}</Badge>
                ))}
              </Flex>
            </Section>
          )}
          {(node.invokes.length > 0 || node.entry.length > 0 || node.exit.length > 0) && (
            <Section title="While here">
              {node.invokes.map((i) => (
                <Text as="p" size="2" key={i.id}>
                  invokes {i.title}
                </Text>
              ))}
              {node.entry.length > 0 && (
                <Text as="p" size="2">
                  on entry: {node.entry.join(', ')}
                </Text>
              )}
              {node.exit.length > 0 && (
                <Text as="p" size="2">
                  on exit: {node.exit.join(', ')}
                </Text>
              )}
            </Section>
          )}
          <Section title="Transitions out">
            {own.length ? (
              <TransitionList edges={own} model={model} onSelect={onSelect} />
            ) : (
              <Text size="2" color="gray">
                None of its own.
              </Text>
            )}
          </Section>
          {inherited.length > 0 && (
            <Section title="Also handled here">
              <Flex asChild direction="column" gap="1" m="0" p="0" style={{ listStyle: 'none' }}>
                <ul>
                  {inherited.map(({ from, edge }) => (
                    <li key={edge.id}>
                      <Text size="2">
                        {edge.label} <Text color="gray">(by {from})</Text>
                      </Text>
                    </li>
                  ))}
                </ul>
              </Flex>
            </Section>
          )}
          <Section title="How to get here">
            {!reaching && (
              <Text size="2" color="gray">
                No walk of the test plan reaches this state.
              </Text>
            )}
            {reaching && reaching.steps.length === 0 && <Text size="2">The workflow starts here.</Text>}
            {reaching && reaching.steps.length > 0 && (
              <>
                <Text as="p" size="2" aria-label="Shortest path">
                  {reaching.steps.join(' → ')}
                </Text>
                {entry.plans.length > 1 && (
                  <Text as="p" size="1" color="gray">
                    Starting from: {reaching.plan}
                  </Text>
                )}
              </>
            )}
          </Section>
        </Flex>
      </section>
    </Card>
  );
}
