// The user list's bulk edit (spec §3, §4, §8), in a dialog: choose fields and values, preview,
// apply, and read the report. The machine starts afresh each time the dialog opens.
import { Dialog } from '@radix-ui/themes';
import { useSelector } from '@xstate/react';
import { useMemo, type ReactNode } from 'react';
import type { BulkSelection } from '../../domain/users';
import { offeredBulkFields } from '../../domain/bulk-edit';
import { selectBusy } from './bulk-edit.selectors';
import { liveBulkEditMachine, pendingOperation } from './bulk-edit.live';
import { selectFeatures } from '../../machines/session/session.selectors';
import { useConsole, useInspect } from '../../ui/console-context';
import { BulkEditCtx } from './bulk-edit-context';
import { BulkEditPanel } from './bulk-edit-panel';
import { useDialogFocus } from '../../ui/shared/dialog-focus';

export interface BulkEditDialogProps {
  open: boolean;
  onClose(): void;
  /** The users to edit: ids, the list's filter ("all matching"), or identifiers. */
  selection: BulkSelection;
  /** How many users the selection holds, as the list counted them. */
  selectedCount: number;
}

export function BulkEditDialog({ open, onClose, selection, selectedCount }: BulkEditDialogProps) {
  if (!open) return null;
  return (
    <BulkEditScope selection={selection} selectedCount={selectedCount}>
      <BulkEditFrame onClose={onClose} />
    </BulkEditScope>
  );
}

/** The bulk edit machine for one opening of the dialog, with the fields this session may set. */
export function BulkEditScope({
  selection,
  selectedCount,
  children,
}: {
  selection: BulkSelection;
  selectedCount: number;
  children: ReactNode;
}) {
  const { config, session } = useConsole();
  const features = useSelector(session, selectFeatures);
  const input = useMemo(
    () => ({
      selection,
      selectedCount,
      fields: offeredBulkFields(config.product_key, features),
      canUpload: features.includes('bulk_edit_upload'),
      pendingOperation: pendingOperation(),
    }),
    [selection, selectedCount, config.product_key, features],
  );
  return (
    <BulkEditCtx.Provider logic={liveBulkEditMachine} options={{ input, inspect: useInspect() }}>
      {children}
    </BulkEditCtx.Provider>
  );
}

/** The dialog around the panel; it stays open while a call is on its way. */
export function BulkEditFrame({ onClose }: { onClose(): void }) {
  const busy = BulkEditCtx.useSelector(selectBusy);
  const { onCloseAutoFocus } = useDialogFocus(true);
  return (
    <Dialog.Root open onOpenChange={(next) => !next && !busy && onClose()}>
      <Dialog.Content onCloseAutoFocus={onCloseAutoFocus} maxWidth="820px">
        <Dialog.Title>Bulk edit users</Dialog.Title>
        <BulkEditPanel onClose={onClose} />
      </Dialog.Content>
    </Dialog.Root>
  );
}
