// One chart: its picture or its table (the same rows, in the weeks or months a long range is
// shown in), and a CSV download of that table.
import { Box, Button, Card, Flex, Heading, Table, Text } from '@radix-ui/themes';
import { useMemo, useState } from 'react';
import { chartBuckets, chartCsv, chartFileName, type Chart } from '../../domain/reports';
import { ChartSvg } from './chart-svg';
import { bucketText } from './time-chart';
import { countText } from '../../domain/format';
import { saveFile } from '../../services/downloads';

const BUCKET_NOTES: Partial<Record<Chart['axis'], string>> = {
  week: 'Shown by week (weeks start on Monday, UTC).',
  month: 'Shown by month (UTC).',
};

/** Saves the chart's table as a file. */
const download = (chart: Chart, range: { from: string; to: string }) =>
  saveFile(new Blob([chartCsv(chart)], { type: 'text/csv;charset=utf-8' }), chartFileName(chart, range));

export function ChartCard({ chart: sent, range }: { chart: Chart; range: { from: string; to: string } }) {
  const chart = useMemo(() => chartBuckets(sent), [sent]);
  const [asTable, setAsTable] = useState(false);
  const empty = chart.rows.length === 0 || chart.rows.every((r) => r.values.every((n) => n === 0));
  const bucketNote =
    chart.axis === sent.axis || empty
      ? null
      : `${BUCKET_NOTES[chart.axis]}${chart.combine === 'mean' ? ` Each is the mean of its ${sent.axis}s.` : ''}`;
  const rowLabel = (label: string) => (chart.axis === 'category' ? label : bucketText(chart.axis, label));
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
                    <Table.RowHeaderCell>{rowLabel(r.label)}</Table.RowHeaderCell>
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
        {(chart.note || bucketNote) && (
          <Text as="p" size="1" color="gray" mt="2">
            {[bucketNote, chart.note].filter(Boolean).join(' ')}
          </Text>
        )}
      </section>
    </Card>
  );
}
