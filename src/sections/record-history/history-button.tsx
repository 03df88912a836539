// A record's History on a section's screen (decision 062): a 'History' button beside the record's
// own actions opens its entries newest first in a dialog — the user edit screen's History tab
// (the recordHistory machine and its view), held by the view so the section's machine never waits
// on it and keeps its states. Shown only to a session holding the kind's section feature: the
// server refuses the others.
import { Button } from '@radix-ui/themes';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { RECORD_KINDS, recordText, type RecordKind } from '../../domain/audit-log';
import { selectFeatures } from '../../machines/session/session.selectors';
import { useConsole } from '../../ui/console-context';
import { RecordHistoryScope, RecordHistoryView } from './record-history-view';
import { ViewDialog } from '../../ui/shared/view-dialog';

export function HistoryButton({
  kind,
  id,
  name,
  size = '1',
}: {
  kind: RecordKind;
  id: number;
  name: string;
  size?: '1' | '2';
}) {
  const { session } = useConsole();
  const may = useSelector(session, (s) => selectFeatures(s).includes(RECORD_KINDS[kind].feature));
  const [open, setOpen] = useState(false);
  if (!may) return null;
  return (
    <>
      <Button
        size={size}
        variant="soft"
        color="gray"
        aria-label={`History of ${name}`}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        History
      </Button>
      {open && (
        <ViewDialog
          title={`History of ${name}`}
          description={`${recordText({ kind, id })}: every recorded change, newest first.`}
          maxWidth="760px"
          onClose={() => setOpen(false)}
        >
          <RecordHistoryScope kind={kind} id={id}>
            <RecordHistoryView />
          </RecordHistoryScope>
        </ViewDialog>
      )}
    </>
  );
}
