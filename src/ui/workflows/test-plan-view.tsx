// Test plan: the paths CI generates from the machine and replays on the real view, in words,
// with the states and transitions they reach, from the generator the tests use.
import { Badge, Box, Callout, Code, Flex, Heading, Text } from '@radix-ui/themes';
import { useMemo, type ReactNode } from 'react';
import { testPlanSummary } from '../../workflows/steps';
import type { Wording } from '../../workflows/words';
import type { WorkflowEntry } from '../../machines/registry';

const EventWords = ({ children }: { children: ReactNode }) => <Text weight="medium">{children}</Text>;

export function TestPlanView({ entry, wording }: { entry: WorkflowEntry; wording: Wording }) {
  // Pure computation over the machine (the same as the coverage test's), done once per workflow.
  const summary = useMemo(() => testPlanSummary(entry.machine, entry.plans, wording), [entry, wording]);
  const complete = summary.states.missed.length === 0 && summary.transitions.missed.length === 0;
  const pathCount = summary.walks.reduce((n, w) => n + w.paths.length, 0);
  return (
    <Flex direction="column" gap="4">
      <Flex gap="3" wrap="wrap" align="center" aria-label="Coverage">
        <Badge size="2" color={summary.states.missed.length ? 'red' : 'blue'}>
          States reached: {summary.states.reached} of {summary.states.total}
        </Badge>
        <Badge size="2" color={summary.transitions.missed.length ? 'red' : 'blue'}>
          Transitions taken: {summary.transitions.reached} of {summary.transitions.total}
        </Badge>
        <Badge size="2" color="gray">
          Paths: {pathCount}
        </Badge>
      </Flex>
      {entry.plans.length === 0 && (
        <Callout.Root color="gray">
          <Callout.Text>This workflow has no plan registered yet, so no paths are generated for it.</Callout.Text>
        </Callout.Root>
      )}
      {!complete && entry.plans.length > 0 && (
        <Callout.Root color="red">
          <Callout.Text>
            Not reached by any path:{' '}
            {[...summary.states.missed, ...summary.transitions.missed].map((k) => (
              <Code key={k} mr="1">
                {k}
              </Code>
            ))}
          </Callout.Text>
        </Callout.Root>
      )}
      <Text size="2" color="gray">
        Each path is one test in{' '}
        <Code>tests/machines/{entry.id.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}.paths.test.tsx</Code>: the real
        view is driven through these steps against the real server, and what a person sees is checked in every state.
      </Text>
      {summary.walks.map((walk) => (
        <Box key={walk.title}>
          {summary.walks.length > 1 && (
            <Heading as="h3" size="3" mb="2">
              {walk.title}
            </Heading>
          )}
          <ol
            aria-label={`Paths: ${walk.title}`}
            style={{ margin: 0, paddingLeft: 28, display: 'flex', flexDirection: 'column', gap: 6 }}
          >
            {walk.paths.map((path, i) => (
              <li key={i}>
                <Text size="2">
                  <Text color="gray">{path.start}</Text>
                  {path.steps.length === 0 && <Text color="gray"> (rests where it starts)</Text>}
                  {path.steps.map((s, j) => (
                    <span key={j}>
                      {' '}
                      → <EventWords>{s.words}</EventWords> → <Text color="gray">{s.state}</Text>
                    </span>
                  ))}
                </Text>
              </li>
            ))}
          </ol>
        </Box>
      ))}
    </Flex>
  );
}
