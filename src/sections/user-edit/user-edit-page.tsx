// The edit page's machine for one user, with the session's features and the product key; a new
// user id gets a new machine.
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { liveUserEditMachine } from './user-edit.live';
import { selectFeatures } from '../../machines/session/session.selectors';
import { selectStaffId } from '../../ui/form/form-draft';
import { useConsole, useInspect } from '../../ui/console-context';
import { UserEditCtx } from './user-edit-context';
import { EditDraftKeeper, useKeptEdit } from './edit-draft-keeper';
import { UserEditView } from './user-edit-view';

/** `children` render inside the page's machine (beside the view). */
export function UserEditPage({
  userId,
  tab,
  onTab,
  children,
}: {
  userId: number;
  /** The tab the address names, and where the tab shown goes (see UserEditView). */
  tab?: string;
  onTab?: (tab: string) => void;
  children?: ReactNode;
}) {
  const { session, config } = useConsole();
  // Read once for this machine: the session's features do not change while a page is open.
  const features = useSelector(session, selectFeatures, (a, b) => a.join() === b.join());
  const staff = useSelector(session, selectStaffId);
  const kept = useKeptEdit(staff, userId);
  return (
    <UserEditCtx.Provider
      key={userId}
      logic={liveUserEditMachine}
      options={{ input: { userId, product: config.product_key, features, kept }, inspect: useInspect() }}
    >
      <UserEditView tab={tab} onTab={onTab} />
      <EditDraftKeeper staff={staff} userId={userId} />
      {children}
    </UserEditCtx.Provider>
  );
}
