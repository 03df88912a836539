// What an action or a read has to say (spec §8's words): blue for information, red (or amber for a
// warning that is not a failure) otherwise. It waits its turn (role status) unless an error must
// interrupt (role alert). One for every screen, so outcomes look and are announced alike. It is
// transient (spec §2): gone after 5 seconds or at the next click (`useTransient`).
import { Callout } from '@radix-ui/themes';
import type { Notice } from '../../machines/shared/notice';
import { useTransient } from './transient';

type Space = '1' | '2' | '3' | '4';

export function NoticeCallout({
  notice,
  label,
  alertOnError = false,
  errorColor = 'red',
  mt,
  mb,
}: {
  notice: (Notice & { detail?: string | null }) | null | undefined;
  /** The callout's name where a screen holds more than one. */
  label?: string;
  /** An error interrupts (role alert) instead of waiting its turn. */
  alertOnError?: boolean;
  errorColor?: 'red' | 'amber';
  mt?: Space;
  mb?: Space;
}) {
  const { shown, hold } = useTransient(notice);
  if (!notice || !shown) return null;
  return (
    <Callout.Root
      {...hold}
      color={notice.tone === 'info' ? 'blue' : errorColor}
      role={alertOnError && notice.tone !== 'info' ? 'alert' : 'status'}
      aria-label={label}
      mt={mt}
      mb={mb}
    >
      <Callout.Text>{notice.text}</Callout.Text>
      {notice.detail && <Callout.Text size="1">{notice.detail}</Callout.Text>}
    </Callout.Root>
  );
}
