// What Live mode shows beside the diagram: how many machines of this workflow run in this tab,
// and where each one is.
import { Card, Flex, Heading, Text } from '@radix-ui/themes';
import type { LiveStates } from './use-live-states';

export function LivePanel({ live, title }: { live: LiveStates; title: string }) {
  return (
    <Card asChild>
      <section aria-labelledby="live-title">
        <Flex direction="column" gap="2">
          <Heading id="live-title" as="h3" size="3">
            Live in this tab
          </Heading>
          {live.running.length === 0 ? (
            <Text size="2" color="gray">
              No {title.toLowerCase()} machine is running in this tab right now. Machines run while their part of the
              panel is open; states they enter light up here as they change.
            </Text>
          ) : (
            <>
              <Text size="2" role="status">
                {live.running.length === 1 ? 'One machine running' : `${live.running.length} machines running`},
                highlighted in green:
              </Text>
              <ul aria-label="Running machines" style={{ margin: 0, paddingLeft: 20 }}>
                {live.running.map((state, i) => (
                  <li key={i}>
                    <Text size="2">{state}</Text>
                  </li>
                ))}
              </ul>
            </>
          )}
        </Flex>
      </section>
    </Card>
  );
}
