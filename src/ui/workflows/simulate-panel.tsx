// Simulate: the events enabled in the current state as buttons (a person's events, the server's
// possible answers, the timers), the steps taken so far, and Reset. Nothing is sent anywhere.
import { Box, Button, Card, Flex, Heading, Select, Strong, Text } from '@radix-ui/themes';
import type { Choice, ChoiceKind, Simulation, SimulationView } from '../../workflows/simulation';
import type { WorkflowPlan } from '../../machines/registry';

const GROUPS: { kind: ChoiceKind; title: string }[] = [
  { kind: 'person', title: 'A person or the page' },
  { kind: 'outcome', title: 'The server answers' },
  { kind: 'timer', title: 'Time passes' },
];

function ChoiceButton({ choice, onChoose }: { choice: Choice; onChoose(id: number): void }) {
  return (
    <Button
      variant="soft"
      color={choice.kind === 'outcome' ? 'gray' : undefined}
      onClick={() => onChoose(choice.id)}
      aria-label={choice.detail ? `${choice.label} (${choice.detail})` : choice.label}
      style={{
        height: 'auto',
        minHeight: 'var(--space-6)',
        padding: '6px 10px',
        justifyContent: 'flex-start',
        textAlign: 'left',
        whiteSpace: 'normal',
      }}
    >
      <Flex direction="column" align="start">
        <Text size="2">{choice.label}</Text>
        {choice.detail && (
          <Text size="1" color="gray">
            {choice.detail}
          </Text>
        )}
      </Flex>
    </Button>
  );
}

export function SimulatePanel({
  view,
  simulation,
  plans,
}: {
  view: SimulationView;
  simulation: Simulation;
  plans: readonly WorkflowPlan[];
}) {
  return (
    <Card asChild>
      <section aria-labelledby="simulate-title">
        <Flex direction="column" gap="3">
          <Heading id="simulate-title" as="h3" size="3">
            Simulate
          </Heading>
          <Text size="1" color="gray">
            Nothing is sent to the server: services and side effects are switched off, timers wait for you.
          </Text>
          {plans.length > 1 && (
            <label>
              <Text as="div" size="1" weight="medium" mb="1">
                Starting point
              </Text>
              <Select.Root value={String(view.planIndex)} onValueChange={(v) => simulation.usePlan(Number(v))}>
                <Select.Trigger aria-label="Starting point" style={{ width: '100%' }} />
                <Select.Content>
                  {plans.map((p, i) => (
                    <Select.Item key={p.title} value={String(i)}>
                      {p.title}
                    </Select.Item>
                  ))}
                </Select.Content>
              </Select.Root>
            </label>
          )}
          <Text as="p" size="2" role="status" aria-label="Simulated state">
            Now in <Strong>{view.state}</Strong>
          </Text>
          {view.status === 'done' && (
            <Text size="2" color="gray">
              The workflow has finished.
            </Text>
          )}
          {view.status === 'error' && (
            <Text size="2" color="red">
              The machine stopped: {view.error}
            </Text>
          )}
          {view.status === 'active' && view.choices.length === 0 && (
            <Text size="2" color="gray">
              Nothing can happen here: the workflow rests in this state.
            </Text>
          )}
          {GROUPS.map(({ kind, title }) => {
            const choices = view.choices.filter((c) => c.kind === kind);
            if (!choices.length) return null;
            return (
              <Box key={kind} role="group" aria-label={title}>
                <Text as="div" size="1" weight="medium" color="gray" mb="1">
                  {title}
                </Text>
                <Flex direction="column" gap="1">
                  {choices.map((c) => (
                    <ChoiceButton key={c.id} choice={c} onChoose={simulation.choose} />
                  ))}
                </Flex>
              </Box>
            );
          })}
          <Box>
            <Flex justify="between" align="center" mb="1">
              <Text size="1" weight="medium" color="gray">
                Steps so far
              </Text>
              <Button
                size="1"
                variant="outline"
                color="gray"
                disabled={view.history.length === 0}
                onClick={simulation.reset}
              >
                Reset
              </Button>
            </Flex>
            {view.history.length === 0 ? (
              <Text size="2" color="gray">
                None yet: the workflow is at its start.
              </Text>
            ) : (
              <ol aria-label="Simulation history" style={{ margin: 0, paddingLeft: 20 }}>
                {view.history.map((step, i) => (
                  <li key={i}>
                    <Text size="2">
                      {step.label} <Text color="gray">→ {step.to}</Text>
                    </Text>
                  </li>
                ))}
              </ol>
            )}
          </Box>
        </Flex>
      </section>
    </Card>
  );
}
