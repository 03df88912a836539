// /workflows: every registered machine with its purpose and size, each opening its diagram.
import { Code, Flex, Link as ThemeLink, Table, Text } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import { allStates, allTransitions } from '../../workflows/paths';
import type { WorkflowEntry } from '../../machines/registry';
import { TableHead } from '../shared/table-head';
import { SectionPage } from '../shared/section-page';

export function WorkflowList({ entries }: { entries: readonly WorkflowEntry[] }) {
  return (
    <SectionPage title="Workflows">
      <Text as="p" size="2" color="gray" style={{ maxWidth: 760 }}>
        Every workflow of the panel is a state machine, drawn here from the definition the panel runs and the tests
        walk. Open one to explore its states, simulate it, watch it live in this tab, read its test plan or export it.
      </Text>
      <Table.Root variant="surface">
        <TableHead
          columns={[
            'Workflow',
            'Purpose',
            { label: 'States', justify: 'end' },
            { label: 'Transitions', justify: 'end' },
          ]}
        />
        <Table.Body>
          {entries.map((entry) => (
            <Table.Row key={entry.id}>
              <Table.RowHeaderCell>
                <Flex direction="column" gap="1">
                  <ThemeLink asChild weight="medium">
                    <Link to="/workflows/$machineId" params={{ machineId: entry.id }}>
                      {entry.title}
                    </Link>
                  </ThemeLink>
                  <Code size="1" variant="ghost" color="gray">
                    {entry.id}
                  </Code>
                </Flex>
              </Table.RowHeaderCell>
              <Table.Cell>
                <Text size="2">{entry.purpose}</Text>
              </Table.Cell>
              <Table.Cell justify="end">{allStates(entry.machine).length}</Table.Cell>
              <Table.Cell justify="end">{allTransitions(entry.machine).length}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </SectionPage>
  );
}
