// A record screen's frame (roles, SKUs, templates): its heading with the button that makes a new
// record (not while the editor is busy or its list failed), what the records are, any tools (a
// search), then the section's notice, the load that failed with Retry, and the first load (while
// no record is shown yet); the list and its dialogs follow as children.
import type { ReactNode } from 'react';
import { Button, Flex, Heading, Text } from '@radix-ui/themes';
import type { Notice } from '../../machines/shared/notice';
import type { RecordSectionState } from '../../machines/shared/versioned-form.selectors';
import { NoticeCallout } from './notice-callout';
import { RetryCallout } from './retry-callout';

export function RecordSection({
  heading,
  create,
  intro,
  tools,
  state,
  noticeLabel,
  onRetry,
  records,
  children,
}: {
  heading: string;
  create: { label: string; go: () => void };
  intro: ReactNode;
  tools?: ReactNode;
  /** The editor's list, busy flag and notice (`recordSectionSelector`). */
  state: RecordSectionState;
  noticeLabel: string;
  onRetry: () => void;
  /** What the records are called in a sentence: 'roles', 'SKUs'. */
  records: string;
  children: ReactNode;
}) {
  const { failed, error } = state;
  return (
    <Flex direction="column" gap="4">
      <Flex justify="between" align="center">
        <Heading as="h2" size="5">
          {heading}
        </Heading>
        <Button disabled={state.busy || failed} onClick={create.go}>
          {create.label}
        </Button>
      </Flex>
      <Text as="p" size="2" color="gray">
        {intro}
      </Text>
      {tools}
      <RecordNotice notice={state.notice} label={noticeLabel} />
      {failed && <RecordLoadFailed records={records} error={error} onRetry={onRetry} />}
      {state.loading && state.count === 0 && <RecordLoading records={records} named />}
      {children}
    </Flex>
  );
}

/** The section's line after a call: blue when it did what was asked, red otherwise. */
export function RecordNotice({
  notice,
  label,
  alertOnError = false,
}: {
  notice: Notice | null;
  label: string;
  /** A red notice interrupts (role alert) instead of waiting its turn. */
  alertOnError?: boolean;
}) {
  return <NoticeCallout notice={notice} label={label} alertOnError={alertOnError} />;
}

/** The list could not be read: why, and Retry. */
export function RecordLoadFailed({
  records,
  error,
  onRetry,
}: {
  records: string;
  error: string | null;
  onRetry: () => void;
}) {
  return <RetryCallout lead={`The ${records} could not be loaded.`} error={error} onRetry={onRetry} />;
}

/** The first load, said; named (Loading roles) where a screen reader asks for it by name. */
export function RecordLoading({ records, named = false }: { records: string; named?: boolean }) {
  return (
    <Text size="2" color="gray" role="status" aria-label={named ? `Loading ${records}` : undefined}>
      {`Loading ${records}…`}
    </Text>
  );
}

/** A gray line saying where a list or record is (nothing in it, and why; a part still loading), named for a screen reader (No entries). */
export function RecordStatus({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="2" color="gray" role="status" aria-label={label}>
      {children}
    </Text>
  );
}
