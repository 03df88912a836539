// Role Management's walk. The roles are read (or not); a role is created or changed (saved,
// refused at its name, changed by someone else first, refused by a guard, not sent), deleted
// (unheld: at once; held: the server lists the holders and the person is asked again; refused or
// not sent), given to or taken from a staff member (or refused by a guard), and one staff
// member's reach read (or not).
import type { Role, RoleHolder } from '../../domain/roles';
import { doneEvent, staleEvent, type MachinePlan } from '../../workflows/plan';
import { answered, callOutcomes, conflicted, refusedAt, storedFirst } from '../../workflows/call-outcomes';
import { NEW_RECORD } from '../../machines/shared/new-record';
import { roleEditorMachine } from './roles.machine';
import type { RoleForm } from './roles.types';

const HOLDER: RoleHolder = { id: 2, username: 'support', name: 'Sam Support' };
const ROLE: Role = {
  id: 1,
  name: 'Desk',
  description: 'The desk',
  features: ['admin_panel_access', 'tags'],
  holders: [HOLDER],
  updated_at: 0,
  version: 1,
};

export const roleEditorPlan: MachinePlan<typeof roleEditorMachine> = {
  machine: roleEditorMachine,
  input: { draft: null },
  events: [
    { type: 'roles.retry' },
    { type: 'role.new' },
    { type: 'role.edit', id: 1 },
    { type: 'form.name', value: 'Desk leads' },
    { type: 'form.description', value: 'Leads of the desk' },
    { type: 'form.feature', key: 'br_research', on: true },
    { type: 'form.submit' },
    { type: 'form.cancel' },
    { type: 'role.delete', id: 1 },
    { type: 'delete.confirm' },
    { type: 'delete.cancel' },
    { type: 'role.holders', id: 1 },
    { type: 'holder.toggle', userId: 2, hold: false },
    { type: 'holders.close' },
    { type: 'staff.reach', userId: 2 },
    { type: 'reach.close' },
  ],
  outcomes: [
    ...callOutcomes(
      'loadRoles',
      { loaded: answered({ status: true, msg: '', result: [ROLE], staff: [HOLDER] }) },
      'loadFailed',
    ),
    ...callOutcomes(
      'saveRole',
      {
        saved: answered({ status: true, msg: "Role 'Desk leads' saved.", role: ROLE }),
        nameTaken: refusedAt({ name: 'taken' }),
        savedMeanwhile: storedFirst('Someone else changed this role.', { ...ROLE, version: 2 }),
        saveGuarded: conflicted({ msg: 'You cannot take it from yourself.', guard: 'self' }),
      },
      'saveFailed',
    ),
    ...callOutcomes(
      'removeRole',
      {
        removed: answered({ status: true, msg: 'deleted' }),
        held: conflicted({ msg: '1 staff member holds this role.', in_use: true, holders: [HOLDER] }),
      },
      'removeFailed',
    ),
    { name: 'removedWithHolders', event: doneEvent('removeRoleWithHolders', { status: true, msg: 'deleted' }) },
    {
      name: 'removeGuarded',
      event: staleEvent('removeRoleWithHolders', { msg: 'This would leave no staff member.', guard: 'last' }),
    },
    {
      name: 'taken',
      event: doneEvent('holdRole', { status: true, msg: "Role 'Desk' taken away.", role: { ...ROLE, holders: [] } }),
    },
    { name: 'holdGuarded', event: staleEvent('holdRole', { msg: 'This would leave no staff member.', guard: 'last' }) },
    ...callOutcomes(
      'readReach',
      {
        reachRead: answered({
          status: true,
          user: HOLDER,
          features: [{ key: 'tags', roles: ['Desk'] }],
          privileges: { is_super_admin_user: false, is_admin_wm: false, is_admin_ss: false },
        }),
      },
      'reachFailed',
    ),
  ],
  serializeState: (s) => JSON.stringify([s.value, s.context.form?.id ?? null]),
  filterEvents: (s, e) => {
    // A new role cannot have been changed meanwhile, nor take anything from anyone.
    if (e.type === 'xstate.error.actor.saveRole' && s.context.form?.id === null) return e['error']?.status !== 409;
    // Busy steps of a dialog cannot be closed.
    if (e.type === 'delete.cancel') return !s.hasTag('busy');
    if (e.type === 'holders.close' || e.type === 'reach.close') return !s.hasTag('busy');
    return true;
  },
};

/** After a reload with a role form kept (decision 042): it opens again once the roles are read. */
export const PLAN_DRAFT: RoleForm = {
  ...NEW_RECORD,
  name: 'Kept desk',
  description: '',
  features: ['admin_panel_access', 'tags'],
  base: { name: '', description: '', features: [] },
};
export const roleEditorDraftPlan: MachinePlan<typeof roleEditorMachine> = {
  machine: roleEditorMachine,
  input: { draft: PLAN_DRAFT },
  events: [{ type: 'form.submit' }, { type: 'form.cancel' }],
  outcomes: roleEditorPlan.outcomes.filter((o) => ['loaded', 'saved'].includes(o.name)),
  serializeState: (s) => JSON.stringify([s.value, s.context.form !== null]),
};
