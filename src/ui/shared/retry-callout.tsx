// What a failed read or call says, with its Retry: the lead in the screen's words (The accounts
// could not be loaded.), then the failure's own text, then the button. One for every screen, so
// each failure reads and retries alike.
import { Button, Callout } from '@radix-ui/themes';

export function RetryCallout({
  lead,
  error,
  onRetry,
  label,
  mt,
}: {
  /** The screen's sentence before the failure's text, if it has one. */
  lead?: string;
  error: string | null | undefined;
  onRetry: () => void;
  /** The alert's name where a screen holds more than one. */
  label?: string;
  mt?: '1' | '2' | '3' | '4';
}) {
  return (
    <Callout.Root color="red" role="alert" aria-label={label} mt={mt}>
      <Callout.Text>
        {lead === undefined ? null : `${lead} `}
        {error}{' '}
        <Button size="1" variant="soft" color="red" onClick={onRetry}>
          Retry
        </Button>
      </Callout.Text>
    </Callout.Root>
  );
}
