// What the Group Management screen reads from its machine.
import type { SnapshotFrom } from 'xstate';
import { versionedFormSelectors } from '../../machines/shared/versioned-form.selectors';
import type { GroupMember } from '../../domain/groups';
import type { groupEditorMachine } from './groups.machine';
import type { GroupDraft, GroupsAddress } from './groups.types';

type S = SnapshotFrom<typeof groupEditorMachine>;

const editor = versionedFormSelectors<S>();
export const { selectBusy, selectError, selectNotice, selectFormOpen } = editor;
export const { selectForm, selectSaving, selectFieldErrors, selectFormError, selectFormView } = editor;

export type GroupStage = 'noOrganization' | 'loading' | 'failed' | 'loaded';
export function selectStage(s: S): GroupStage {
  if (s.matches('loading') || s.matches('settling') || s.matches('findingOrg')) return 'loading';
  if (s.matches('failed') || s.matches('orgFailed')) return 'failed';
  if (s.matches('loaded')) return 'loaded';
  return 'noOrganization';
}
export const selectOrg = (s: S) => s.context.org;
export const selectGroups = (s: S) => s.context.groups;
export const selectNonGroupUsers = (s: S) => s.context.nonGroupUsers;
/** What the address keeps (decision 097): the organization shown (or being opened), by id. */
export const selectAddress = (s: S): GroupsAddress => ({
  org: s.context.org?.org_id ?? s.context.opening ?? undefined,
});
export const selectFilter = (s: S) => s.context.filter;
/** The filter the lists on screen were read with ('' : none). */
export const selectQ = (s: S) => s.context.q;
/** How many users are in no group (that the filter holds), and whether more are to read. */
export const selectNonGroupCount = (s: S) => s.context.nonGroupUsersCount;
export const selectNonGroupNext = (s: S) => s.context.nonGroupUsersNext;
/** A list's count without the filter. */
export const selectTotal = (s: S, list: string) => s.context.totals[list] ?? null;
/** The list whose next page is being read. */
export const selectMore = (s: S) => s.context.more;
/** Why a list's next page was not read (said at that list). */
export const selectMoreError = (s: S) => s.context.moreError;
/** The group the notice stands by (null: above the groups). */
export const selectNoticeAt = (s: S) => s.context.noticeAt;

/** Whether a person matches the filter's words (name, email or username, whatever the case). */
export function memberMatches(m: GroupMember, needle: string): boolean {
  return (
    needle === '' ||
    m.name.toLowerCase().includes(needle) ||
    m.email.toLowerCase().includes(needle) ||
    m.username.toLowerCase().includes(needle)
  );
}

/** The filter's words as matched: trimmed, lower case ('' shows everyone). */
export const needleOf = (filter: string) => filter.trim().toLowerCase();

/** The change under way (its control shows the progress). */
export const selectChange = (s: S) => s.context.change;

/** Users of the organization who are not members of this group, by name (every group's members and those in none). */
export function candidatesFor(s: S, groupId: number): GroupMember[] {
  const group = s.context.groups.find((g) => g.id === groupId);
  const inGroup = new Set(group?.members.map((m) => m.id) ?? []);
  const out = new Map<number, GroupMember>();
  for (const u of s.context.nonGroupUsers) out.set(u.id, u);
  for (const g of s.context.groups) for (const m of g.members) if (!inGroup.has(m.id)) out.set(m.id, m);
  return [...out.values()];
}

// ── the create or rename form ──
export const selectFormChanged = (s: S) => {
  const f = s.context.form;
  return f !== null && (f.name !== f.base.name || f.kind !== f.base.kind);
};
/** What to keep across a reload: the open form (a new one only once typed into) with its organization, or null. */
export function selectDraftToKeep(s: S): GroupDraft | null {
  const f = s.hasTag('form') ? s.context.form : null;
  if (!f || !s.context.org) return null;
  return f.name !== f.base.name || f.kind !== f.base.kind ? { org: s.context.org, form: f } : null;
}

// ── a member taken out ──
/** The member whose removal is asked, with their group, while it is asked. */
export const selectRemovingMember = (s: S) => {
  const change = s.context.change;
  if (!s.matches({ loaded: 'confirmingRemove' }) || change?.kind !== 'remove') return null;
  const group = s.context.groups.find((g) => g.id === change.groupId);
  const member = group?.members.find((m) => m.id === change.userId);
  return group && member ? { group, member } : null;
};

// ── delete ──
export const selectDeleting = (s: S) => s.matches({ loaded: 'deleting' });
export const selectRemoving = (s: S) => s.matches({ loaded: { deleting: 'removing' } });
export const selectTarget = (s: S) => s.context.target;
