// /modify_groups and /view_groups (spec §2; decision 048): an organization (the shared picker),
// then its groups with their members and the users in no group. /view_groups shows the same
// without a control that changes anything. Thin: everything comes from the groupEditor machine.
import { Button, Card, Flex, Text } from '@radix-ui/themes';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { checkGroupDraft, GROUP_DRAFT_FORM } from './groups.draft';
import { liveGroupEditorMachine } from './groups.live';
import {
  selectBusy,
  selectError,
  selectGroups,
  selectNonGroupUsers,
  selectNotice,
  selectOrg,
  selectStage,
  type GroupStage,
} from './groups.selectors';
import * as selectors from './groups.selectors';
import { selectFeatures } from '../../machines/session/session.selectors';
import { useConsole } from '../../ui/console-context';
import { openFormAddress, RecordDraftKeeper, RecordScope, useStaffId } from '../../ui/shared/record-scope';
import { OrgChoice, OrgStageLine, type OrgStageNote } from '../organizations/org-choice';
import { GroupCard } from './group-card';
import { GroupDeleteDialog } from './group-delete-dialog';
import { GroupMemberRemoveDialog } from './group-member-remove-dialog';
import { GroupFormDialog } from './group-form-dialog';
import { GroupsCtx } from './groups-context';
import { RecordNotice } from '../../ui/shared/record-section';
import { countText } from '../../domain/format';
import { RetryCallout } from '../../ui/shared/retry-callout';
import { SectionPage } from '../../ui/shared/section-page';

export const groupDraftAddress = (staff: number | null) => openFormAddress(GROUP_DRAFT_FORM, staff);

/** The screen with its machine: what the routes mount (tests put a probe inside to hold the actor). */
export function GroupsScreen({ readOnly, probe }: { readOnly: boolean; probe?: ReactNode }) {
  const staff = useStaffId();
  return (
    <RecordScope
      ctx={GroupsCtx}
      logic={liveGroupEditorMachine}
      address={readOnly ? null : groupDraftAddress(staff)}
      check={checkGroupDraft}
      input={(draft) => ({ draft })}
    >
      {probe}
      {/* A rename with a change asks before leaving, and leaving drops it. */}
      {!readOnly && (
        <RecordDraftKeeper ctx={GroupsCtx} select={selectors} address={groupDraftAddress(staff)} renamed="group" />
      )}
      <GroupsView readOnly={readOnly} />
    </RecordScope>
  );
}

const STAGE_NOTES: Partial<Record<GroupStage, OrgStageNote>> = {
  noOrganization: { text: 'Pick an organization to see its groups.', status: false },
  loading: { text: 'Loading groups…', status: true },
};

export function GroupsView({ readOnly }: { readOnly: boolean }) {
  const editor = GroupsCtx.useActorRef();
  const { session } = useConsole();
  const mayCompliance = useSelector(session, (s) => selectFeatures(s).includes('compliance_tab'));
  const stage = GroupsCtx.useSelector(selectStage);
  const org = GroupsCtx.useSelector(selectOrg);
  const groups = GroupsCtx.useSelector(selectGroups);
  const loners = GroupsCtx.useSelector(selectNonGroupUsers);
  const error = GroupsCtx.useSelector(selectError);
  const notice = GroupsCtx.useSelector(selectNotice);
  const busy = GroupsCtx.useSelector(selectBusy);
  return (
    <SectionPage title={readOnly ? 'Groups' : 'Group Management'}>
      <Card>
        <Flex gap="3" wrap="wrap" align="end">
          <OrgChoice value={org} disabled={busy} actor={editor} style={{ flex: 1, minWidth: 260, maxWidth: 480 }} />
          {stage === 'loaded' && !readOnly && (
            <Button disabled={busy} onClick={() => editor.send({ type: 'group.create' })}>
              Create Group
            </Button>
          )}
        </Flex>
        <OrgStageLine note={STAGE_NOTES[stage]} />
        {stage === 'failed' && (
          <RetryCallout
            mt="3"
            lead="Could not load the groups."
            error={error}
            onRetry={() => editor.send({ type: 'list.retry' })}
          />
        )}
        {stage === 'loaded' && (
          <Text as="p" size="2" color="gray" mt="3" aria-label="Group summary">
            {groups.length === 0
              ? `${org?.title ?? 'This organization'} has no groups.`
              : `${countText(groups.length)} ${groups.length === 1 ? 'group' : 'groups'}`}
            {' · '}
            {countText(loners.length)} {loners.length === 1 ? 'user' : 'users'} in no group
            {readOnly && ' · read only'}
          </Text>
        )}
      </Card>
      <RecordNotice notice={notice} label="Groups notice" alertOnError />
      {stage === 'loaded' &&
        groups.map((g) => <GroupCard key={g.id} group={g} readOnly={readOnly} mayCompliance={mayCompliance} />)}
      {!readOnly && <GroupFormDialog />}
      {!readOnly && <GroupDeleteDialog />}
      {!readOnly && <GroupMemberRemoveDialog />}
    </SectionPage>
  );
}
