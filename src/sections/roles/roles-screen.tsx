// /user_roles (Role Management, decision 050): the role editor's actor (given the kept form
// draft), what keeps its form across a reload (decision 042), and the view: the roles, the reach
// matrix (roles × features), the staff, and the dialogs. Thin: everything comes from selectors.
import { shallowEqual, useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { checkRoleDraft, ROLE_DRAFT_FORM } from './roles.draft';
import { liveRoleEditorMachine } from './roles.live';
import { selectSection } from './roles.selectors';
import * as selectors from './roles.selectors';
import { selectFeatures } from '../../machines/session/session.selectors';
import { useConsole } from '../../ui/console-context';
import { RecordSection } from '../../ui/shared/record-section';
import { openFormAddress, RecordDraftKeeper, RecordScope, useStaffId } from '../../ui/shared/record-scope';
import { ReachDialog } from './reach-dialog';
import { ReachMatrix } from './reach-matrix';
import { RoleDeleteDialog } from './role-delete-dialog';
import { RoleFormDialog } from './role-form-dialog';
import { RoleHoldersDialog } from './role-holders-dialog';
import { RolesCtx } from './roles-context';
import { RolesTable } from './roles-table';
import { StaffList } from './staff-list';

/** One form draft per staff member: the open role form, new or a change. */
export const roleDraftAddress = (staff: number | null) => openFormAddress(ROLE_DRAFT_FORM, staff);

/** What the route mounts (tests put a probe inside to hold the actor). */
export function RolesScreen({ probe }: { probe?: ReactNode }) {
  const staff = useStaffId();
  return (
    <RolesScope staff={staff}>
      {probe}
      <RolesDraftKeeper staff={staff} />
      <RolesView />
    </RolesScope>
  );
}

export function RolesScope({ staff, children }: { staff: number | null; children: ReactNode }) {
  return (
    <RecordScope
      ctx={RolesCtx}
      logic={liveRoleEditorMachine}
      address={roleDraftAddress(staff)}
      check={checkRoleDraft}
      input={(draft) => ({ draft })}
    >
      {children}
    </RecordScope>
  );
}

export function RolesDraftKeeper({ staff }: { staff: number | null }) {
  return <RecordDraftKeeper ctx={RolesCtx} select={selectors} address={roleDraftAddress(staff)} record="role" />;
}

export function RolesView() {
  const editor = RolesCtx.useActorRef();
  const { session } = useConsole();
  const mayAssign = useSelector(session, (s) => selectFeatures(s).includes('staff_role_change'));
  const section = RolesCtx.useSelector(selectSection, shallowEqual);
  return (
    <RecordSection
      heading="Role Management"
      create={{ label: 'New role', go: () => editor.send({ type: 'role.new' }) }}
      intro="A role is a set of permissions. Staff hold roles, and can do what their roles together allow; a change counts from their next click."
      state={section}
      noticeLabel="Roles notice"
      onRetry={() => editor.send({ type: 'roles.retry' })}
      records="roles"
    >
      {section.count > 0 && (
        <>
          <RolesTable mayAssign={mayAssign} />
          <StaffList />
          <ReachMatrix />
        </>
      )}
      <RoleFormDialog />
      <RoleDeleteDialog />
      <RoleHoldersDialog />
      <ReachDialog />
    </RecordSection>
  );
}
