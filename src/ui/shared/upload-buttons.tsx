// The small buttons every upload step offers: start over (drop the file), and save a CSV the
// browser built (the rows not taken, a report).
import { Button } from '@radix-ui/themes';

export const START_OVER = 'Start over';
/** The rows the file's rules refused, as the reader reported them. */
export const ROWS_NOT_TAKEN_DOWNLOAD = 'Download rows not taken (CSV)';
/** Every row with what became of it. */
export const REPORT_DOWNLOAD = 'Download report (CSV)';

export function StartOverButton({ onClick, size = '1' }: { onClick(): void; size?: '1' | '2' }) {
  return (
    <Button type="button" size={size} variant="soft" color="gray" onClick={onClick}>
      {START_OVER}
    </Button>
  );
}

export function DownloadButton({ label, onClick }: { label: string; onClick(): void }) {
  return (
    <Button type="button" size="1" variant="soft" onClick={onClick}>
      {label}
    </Button>
  );
}
