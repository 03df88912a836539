// An export's buttons and what became of the last one, the same on every screen that exports:
// while the server prepares the file the buttons wait and the line says "Preparing export…";
// then "Downloaded N rows (file)." or, in red, why nothing arrived. The state is the screen
// machine's `export` child (export-download.machine.ts).
import { Button, Flex, Text } from '@radix-ui/themes';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { exportDownloadMachine } from './export-download.machine';
import { selectExport } from './export-download.selectors';

export type ExportRef = ActorRefFrom<typeof exportDownloadMachine> | undefined;

const LABELS: Record<string, string> = { csv: 'Export CSV', xlsx: 'Export XLSX' };

const CSV_AND_XLSX = ['csv', 'xlsx'] as const;

export function ExportButtons<F extends string = (typeof CSV_AND_XLSX)[number]>({
  exportRef,
  formats = CSV_AND_XLSX as readonly string[] as readonly F[],
  disabled = false,
  onExport,
}: {
  exportRef: ExportRef;
  formats?: readonly F[];
  disabled?: boolean;
  onExport(format: F): void;
}) {
  const view = useSelector(exportRef, selectExport);
  return (
    <Flex gap="2" align="center" wrap="wrap">
      {formats.map((format) => (
        <Button
          key={format}
          variant="soft"
          disabled={disabled || view.busy}
          loading={view.busy && view.format === format}
          aria-busy={view.busy && view.format === format}
          onClick={() => onExport(format)}
        >
          {LABELS[format] ?? `Export ${format.toUpperCase()}`}
        </Button>
      ))}
      <Text size="2" role="status" aria-label="Export" color={view.busy ? 'gray' : undefined}>
        {view.status}
      </Text>
      {view.error && (
        <Text size="2" color="red" role="alert">
          The export failed. {view.error}
        </Text>
      )}
    </Flex>
  );
}

/** A screen machine's export child, for ExportButtons. */
export const exportChildOf = (snapshot: { children: Record<string, unknown> }): ExportRef =>
  snapshot.children['export'] as ExportRef;
