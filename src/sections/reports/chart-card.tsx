// One chart: its picture or its table (the same rows), and a CSV download of that table.
import { Box, Button, Card, Flex, Heading, Table, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { chartCsv, chartFileName, type Chart } from '../../domain/reports';
import { ChartSvg, SERIES_COLOURS } from './chart-svg';
import { countText } from '../../domain/format';

/** Saves the chart's table as a file, the way a link with `download` does. */
function download(chart: Chart, range: { from: string; to: string }): void {
  const url = URL.createObjectURL(new Blob([chartCsv(chart)], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = chartFileName(chart, range);
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function ChartCard({ chart, range }: { chart: Chart; range: { from: string; to: string } }) {
  const [asTable, setAsTable] = useState(false);
  const empty = chart.rows.length === 0 || chart.rows.every((r) => r.values.every((n) => n === 0));
  return (
    <Card asChild>
      <section aria-label={chart.title}>
        <Flex justify="between" align="center" gap="2" mb="2" wrap="wrap">
          <Heading as="h4" size="2">
            {chart.title}
          </Heading>
          <Flex gap="2">
            <Button size="1" variant="soft" color="gray" aria-pressed={asTable} onClick={() => setAsTable(!asTable)}>
              {asTable ? 'Show chart' : 'Show table'}
            </Button>
            <Button
              size="1"
              variant="soft"
              onClick={() => download(chart, range)}
              aria-label={`Download CSV of ${chart.title}`}
            >
              Download CSV
            </Button>
          </Flex>
        </Flex>
        {chart.series.length > 1 && !asTable && (
          <Flex gap="3" wrap="wrap" mb="1" aria-hidden>
            {chart.series.map((s, i) => (
              <Flex key={s} gap="1" align="center">
                <Box
                  width="10px"
                  height="10px"
                  style={{ background: SERIES_COLOURS[i % SERIES_COLOURS.length], borderRadius: 2 }}
                />
                <Text size="1">{s}</Text>
              </Flex>
            ))}
          </Flex>
        )}
        {asTable ? (
          <Box style={{ maxHeight: 320, overflowY: 'auto' }}>
            <Table.Root size="1">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>{chart.label}</Table.ColumnHeaderCell>
                  {chart.series.map((s) => (
                    <Table.ColumnHeaderCell key={s} justify="end">
                      {s}
                    </Table.ColumnHeaderCell>
                  ))}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {chart.rows.map((r) => (
                  <Table.Row key={r.label}>
                    <Table.RowHeaderCell>{r.label}</Table.RowHeaderCell>
                    {r.values.map((n, i) => (
                      <Table.Cell key={chart.series[i] ?? i} justify="end">
                        {countText(n)}
                      </Table.Cell>
                    ))}
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
        ) : empty ? (
          <Text as="p" size="2" color="gray">
            Nothing to count in this range.
          </Text>
        ) : (
          <ChartSvg chart={chart} />
        )}
        {chart.note && (
          <Text as="p" size="1" color="gray" mt="2">
            {chart.note}
          </Text>
        )}
      </section>
    </Card>
  );
}
