// /modify_groups and /view_groups (spec §2; decision 048): an organization (the shared picker, kept
// in the address: decision 097), then its groups with their members and the users in no group,
// each a disclosure, all narrowed by one filter (decision 099). /view_groups shows the same without
// a control that changes anything. Thin: what is read and changed comes from the groupEditor
// machine; which disclosures stand open is the page's.
import { Button, Card, Flex, Text, TextField } from '@radix-ui/themes';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { checkGroupDraft, GROUP_DRAFT_FORM } from './groups.draft';
import { liveGroupEditorMachine } from './groups.live';
import {
  needleOf,
  selectAddress,
  selectBusy,
  selectError,
  selectFilter,
  selectGroups,
  selectNonGroupCount,
  selectNonGroupNext,
  selectNonGroupUsers,
  selectQ,
  selectNotice,
  selectNoticeAt,
  selectOrg,
  selectStage,
  type GroupStage,
} from './groups.selectors';
import type { GroupsAddress } from './groups.types';
import * as selectors from './groups.selectors';
import { selectFeatures } from '../../machines/session/session.selectors';
import { useConsole } from '../../ui/console-context';
import { openFormAddress, RecordDraftKeeper, RecordScope, useStaffId } from '../../ui/shared/record-scope';
import { OrgChoice, OrgStageLine, type OrgStageNote } from '../organizations/org-choice';
import { GroupCard, NoGroupCard } from './group-card';
import { GroupDeleteDialog } from './group-delete-dialog';
import { GroupMemberRemoveDialog } from './group-member-remove-dialog';
import { GroupFormDialog } from './group-form-dialog';
import { GroupsCtx } from './groups-context';
import { RecordNotice } from '../../ui/shared/record-section';
import { countText } from '../../domain/format';
import type { Group, GroupMember } from '../../domain/groups';
import { RetryCallout } from '../../ui/shared/retry-callout';
import { SectionPage } from '../../ui/shared/section-page';

export const groupDraftAddress = (staff: number | null) => openFormAddress(GROUP_DRAFT_FORM, staff);

/**
 * An organization with no more groups than this, and no more people in all than OPEN_PEOPLE,
 * shows every group open; a larger one shows them closed, to open one at a time.
 */
export const OPEN_GROUPS = 3;
export const OPEN_PEOPLE = 50;

/** The screen with its machine: what the routes mount (tests put a probe inside to hold the actor). */
export function GroupsScreen({
  readOnly,
  probe,
  address,
  onAddress,
}: {
  readOnly: boolean;
  probe?: ReactNode;
  /** What the address names, and where what the screen shows goes (Reload and a link return to it). */
  address?: GroupsAddress;
  onAddress?: (address: GroupsAddress) => void;
}) {
  const staff = useStaffId();
  return (
    <RecordScope
      ctx={GroupsCtx}
      logic={liveGroupEditorMachine}
      address={readOnly ? null : groupDraftAddress(staff)}
      check={checkGroupDraft}
      input={(draft) => ({ draft, orgId: address?.org ?? null })}
    >
      {probe}
      <AddressKeeper onAddress={onAddress} />
      {/* A rename with a change asks before leaving, and leaving drops it. */}
      {!readOnly && (
        <RecordDraftKeeper ctx={GroupsCtx} select={selectors} address={groupDraftAddress(staff)} renamed="group" />
      )}
      <GroupsView readOnly={readOnly} />
    </RecordScope>
  );
}

/** Reports what the screen shows, for the route to write in the address. */
function AddressKeeper({ onAddress }: { onAddress?: (address: GroupsAddress) => void }) {
  const shown = GroupsCtx.useSelector(selectAddress, (a, b) => a.org === b.org);
  useEffect(() => {
    onAddress?.(shown);
  }, [shown, onAddress]);
  return null;
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
  const filter = GroupsCtx.useSelector(selectFilter);
  const noticeAt = GroupsCtx.useSelector(selectNoticeAt);
  const q = GroupsCtx.useSelector(selectQ);
  const lonerCount = GroupsCtx.useSelector(selectNonGroupCount);
  const lonersNext = GroupsCtx.useSelector(selectNonGroupNext);
  // The lists on screen are the server's for the filter sent (`q`), each its first pages.
  const needle = needleOf(q);
  const matched = useMemo(() => matchesOf(groups, loners, lonerCount), [groups, loners, lonerCount]);
  const people = useMemo(
    () => peopleOf(groups, loners, lonerCount, lonersNext),
    [groups, loners, lonerCount, lonersNext],
  );
  const small = groups.length <= OPEN_GROUPS && people <= OPEN_PEOPLE;
  const noticeGroup = noticeAt !== null && groups.some((g) => g.id === noticeAt) ? noticeAt : null;
  // The group just created (or changed) opens where it stands, unless closed by hand.
  const disclosures = useDisclosures(
    String(org?.org_id ?? ''),
    needle,
    (key) => needle !== '' || small || key === String(noticeGroup),
  );
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
            {countText(lonerCount)} {lonerCount === 1 ? 'user' : 'users'} in no group
            {readOnly && ' · read only'}
          </Text>
        )}
        {stage === 'loaded' && (people > 0 || filter !== '' || q !== '') && (
          <Flex direction="column" gap="1" mt="3">
            <TextField.Root
              type="search"
              aria-label="Filter members"
              placeholder="Filter members by name, email or username"
              value={filter}
              style={{ maxWidth: 480 }}
              onChange={(e) => editor.send({ type: 'members.filter', text: e.currentTarget.value })}
            />
            {needle !== '' && (
              <Text size="2" color="gray" role="status" aria-label="Filter matches">
                {matchWords(q, matched)}
              </Text>
            )}
          </Flex>
        )}
      </Card>
      {noticeGroup === null && <RecordNotice notice={notice} label="Groups notice" alertOnError />}
      {stage === 'loaded' &&
        groups
          .filter((g) => needle === '' || matched.groups.has(g.id))
          .map((g) => (
            <GroupCard
              key={g.id}
              group={g}
              readOnly={readOnly}
              mayCompliance={mayCompliance}
              open={disclosures.isOpen(String(g.id))}
              onToggle={() => disclosures.toggle(String(g.id))}
              needle={needle}
              notice={noticeGroup === g.id ? notice : null}
            />
          ))}
      {stage === 'loaded' && lonerCount > 0 && (
        <NoGroupCard
          users={loners}
          count={lonerCount}
          hasMore={lonersNext !== null}
          open={disclosures.isOpen('none')}
          onToggle={() => disclosures.toggle('none')}
          needle={needle}
        />
      )}
      {!readOnly && <GroupFormDialog />}
      {!readOnly && <GroupDeleteDialog />}
      {!readOnly && <GroupMemberRemoveDialog />}
    </SectionPage>
  );
}

interface Matched {
  /** People matching, each once however many groups hold them. */
  people: number;
  /** The groups holding a match. */
  groups: Set<number>;
  /** Matching users in no group. */
  loners: number;
}

/**
 * What the filter holds, from the server's first pages and counts: the people once however many
 * groups hold them (exact while each list is read to its end; beyond, the people not yet read are
 * counted as the groups count them).
 */
function matchesOf(groups: readonly Group[], loners: readonly GroupMember[], lonerCount: number): Matched {
  const people = new Set<number>();
  let unread = lonerCount - loners.length;
  for (const g of groups) {
    for (const m of g.members) people.add(m.id);
    unread += (g.members_count ?? g.members.length) - g.members.length;
  }
  for (const m of loners) people.add(m.id);
  const holding = new Set(groups.filter((g) => (g.members_count ?? g.members.length) > 0).map((g) => g.id));
  return { people: people.size + unread, groups: holding, loners: lonerCount };
}

/** The organization's people, each once, when every list is read; else more than any small organization has. */
function peopleOf(
  groups: readonly Group[],
  loners: readonly GroupMember[],
  lonerCount: number,
  lonersNext: string | null,
): number {
  const complete = lonersNext === null && groups.every((g) => (g.members_next ?? null) === null);
  if (!complete) return Number.MAX_SAFE_INTEGER;
  return new Set([...loners, ...groups.flatMap((g) => g.members)].map((m) => m.id)).size || lonerCount;
}

/** What the filter found: "3 people match “lee”: in 2 groups and 1 in no group." */
export function matchWords(text: string, m: Matched): string {
  if (m.people === 0) return `Nobody matches “${text}”.`;
  const where = [
    ...(m.groups.size > 0 ? [`in ${countText(m.groups.size)} ${m.groups.size === 1 ? 'group' : 'groups'}`] : []),
    ...(m.loners > 0 ? [`${countText(m.loners)} in no group`] : []),
  ];
  return `${countText(m.people)} ${m.people === 1 ? 'person matches' : 'people match'} “${text}”: ${where.join(' and ')}.`;
}

/**
 * Which disclosures stand open: each as the person left it, else as `byDefault` says. Without a
 * filter the person's choices hold for the organization (`org`); each filter starts again from the
 * default (the groups holding matches open), and clearing it returns to the choices made before.
 */
function useDisclosures(org: string, needle: string, byDefault: (key: string) => boolean) {
  type Choices = { scope: string; open: Record<string, boolean> };
  const [base, setBase] = useState<Choices>({ scope: org, open: {} });
  const [filtered, setFiltered] = useState<Choices>({ scope: `${org}:${needle}`, open: {} });
  const own = needle === '' ? base : filtered;
  const scope = needle === '' ? org : `${org}:${needle}`;
  const open = own.scope === scope ? own.open : {};
  const isOpen = (key: string) => open[key] ?? byDefault(key);
  const set = needle === '' ? setBase : setFiltered;
  return { isOpen, toggle: (key: string) => set({ scope, open: { ...open, [key]: !isOpen(key) } }) };
}
