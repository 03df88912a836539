// How many rows were not taken for each reason, above the table (which lists the first rows only).
import { Text } from '@radix-ui/themes';
import { plural } from './upload-words';

export type ReasonCount = { reason: string; count: number };

export const sameReasonCounts = (a: readonly ReasonCount[], b: readonly ReasonCount[]) =>
  a.length === b.length && a.every((c, i) => c.reason === b[i]!.reason && c.count === b[i]!.count);

export function UploadReasons({ label, counts }: { label: string; counts: readonly ReasonCount[] }) {
  if (counts.length === 0) return null;
  return (
    <ul aria-label={label} style={{ margin: 0, paddingLeft: 'var(--space-4)' }}>
      {counts.map((c) => (
        <li key={c.reason}>
          <Text size="2">
            {plural(c.count, 'row')}: {c.reason}
          </Text>
        </li>
      ))}
    </ul>
  );
}
