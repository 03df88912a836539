import type { SnapshotFrom } from 'xstate';
import { checkForm, conflictRows, formChanged, queryBitsOfForm } from './account-settings.form';
import type { accountSettingsMachine } from './account-settings.machine';
import type { AccountDraft } from './account-settings.types';

type S = SnapshotFrom<typeof accountSettingsMachine>;

export const selectBusy = (s: S) => s.hasTag('busy');
export const selectError = (s: S) => s.context.error;
export const selectNotice = (s: S) => s.context.notice;

// ── the list ──
export const selectListShown = (s: S) => s.hasTag('list');
export const selectListing = (s: S) => s.matches('listing');
export const selectListFailed = (s: S) => s.matches('listFailed');
export const selectList = (s: S) => s.context.list;
export const selectPosition = (s: S) => s.context.position;

/** What the URL holds: the list's position and the account open. */
export const selectUrl = (s: S) => ({ ...s.context.position, account: s.hasTag('account') ? s.context.openId : null });

// ── one account ──
export const selectAccountOpen = (s: S) => s.hasTag('account');
export const selectReading = (s: S) => s.matches({ account: 'reading' });
export const selectReadFailed = (s: S) => s.matches({ account: 'readFailed' });
export const selectForm = (s: S) => s.context.form;
export const selectSaving = (s: S) => s.matches({ account: 'saving' });
export const selectFormError = (s: S) => s.context.formError;
export const selectGroups = (s: S) => s.context.groups;
export const selectTemplates = (s: S) => s.context.templates;
export const selectTemplateName = (s: S) => s.context.templateName;
export const selectSkus = (s: S) => s.context.skus;
export const selectSavedBy = (s: S) => ({ by: s.context.updatedBy, at: s.context.updatedAt });
export const selectQueryBits = (s: S) => (s.context.form ? queryBitsOfForm(s.context.form) : []);
export const selectFormChanged = (s: S) => s.context.form !== null && formChanged(s.context.form);

/**
 * The problem at each field: the server's refusal, else the browser's check (the contract's rules)
 * for fields changed since the form opened, or for every field once a save was tried.
 */
export const selectFieldErrors = (s: S): Record<string, string> => {
  const form = s.context.form;
  if (!form) return {};
  const own = checkForm(s.context.productKey, form).fields;
  const shown: Record<string, string> = {};
  for (const [field, message] of Object.entries(own)) {
    const changed = JSON.stringify(form.values[field]) !== JSON.stringify(form.base.values[field]);
    // dd's rule reads otd too: a change to either shows it.
    const related =
      field === 'account_settings.dd_limit' &&
      form.values['account_settings.otd_limit'] !== form.base.values['account_settings.otd_limit'];
    if (s.context.tried || changed || related) shown[field] = message;
  }
  return { ...shown, ...s.context.serverErrors };
};

// ── a save made meanwhile, and the defaults ──
export const selectConflict = (s: S) => {
  const c = s.context.conflict;
  const form = s.context.form;
  if (!c || !form) return null;
  const groupName = (id: number) => s.context.groups.find((g) => g.id === id)?.name ?? `group ${id}`;
  return {
    msg: c.msg,
    updatedBy: c.record.updated_by,
    updatedAt: c.record.updated_at,
    rows: conflictRows(s.context.productKey, form, c.record, groupName),
  };
};
export const selectConfirmingDefaults = (s: S) =>
  s.matches({ account: 'confirmDefaults' }) || s.matches({ account: 'resetting' });
export const selectResetting = (s: S) => s.matches({ account: 'resetting' });

/** What to keep across a reload: the open form once it holds a change, or null. */
export const selectDraftToKeep = (s: S): AccountDraft | null =>
  s.hasTag('form') && selectFormChanged(s) ? s.context.form : null;
