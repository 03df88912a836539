import type { SnapshotFrom } from 'xstate';
import { recordSectionSelector, versionedFormSelectors } from '../../machines/shared/versioned-form.selectors';
import type { skuEditorMachine } from './skus.machine';
import type { SkuDraft } from './skus.types';

type S = SnapshotFrom<typeof skuEditorMachine>;

const editor = versionedFormSelectors<S>();
export const { selectBusy, selectError, selectNotice, selectFormOpen } = editor;
export const { selectForm, selectSaving, selectFieldErrors, selectFormError, selectFormView } = editor;

export const selectLoading = (s: S) => s.matches('loading');
export const selectFailed = (s: S) => s.matches('failed');
export const selectProductKey = (s: S) => s.context.productKey;
export const selectAllSkus = (s: S) => s.context.skus;
export const selectSearch = (s: S) => s.context.search;
export const selectStatusFilter = (s: S) => s.context.status;
export const selectSection = recordSectionSelector<S>((s) => s.context.skus.length);

/** The SKUs the search and status filter leave, by code. */
export const selectShownSkus = (s: S) => {
  const text = s.context.search.trim().toLowerCase();
  return s.context.skus.filter(
    (sku) =>
      (s.context.status === 'all' || sku.status === s.context.status) &&
      (!text || `${sku.code}\n${sku.name}\n${sku.description}`.toLowerCase().includes(text)),
  );
};

// ── the SKU form ──
export const selectPlanNotices = (s: S) => s.context.planNotices;
/** The form differs from what it opened with. */
export const selectFormChanged = (s: S) => {
  const f = s.context.form;
  if (!f) return false;
  const { base, id: _id, version: _v, ...now } = f;
  return JSON.stringify(now) !== JSON.stringify(base);
};
/** What to keep across a reload: the open form once it holds a change, or null. */
export const selectDraftToKeep = (s: S): SkuDraft | null =>
  s.hasTag('form') && selectFormChanged(s) ? s.context.form : null;

// ── retire / reactivate ──
export const selectStatusOpen = (s: S) => s.matches('statusing');
export const selectStatusSaving = (s: S) => s.matches({ statusing: 'saving' });
export const selectTarget = (s: S) => s.context.target;

// ── holders ──
export const selectHoldersOpen = (s: S) => s.matches('holders');
/** The account whose SKU taking off is asked, while it is asked. */
export const selectTakingOff = (s: S) => (s.matches({ holders: 'confirmingTakeOff' }) ? s.context.takingOff : null);
export const selectHoldersReading = (s: S) => s.matches({ holders: 'reading' });
export const selectHolders = (s: S) => s.context.holders;
export const selectHoldersTotal = (s: S) => s.context.holdersTotal;
export const selectMoreHolders = (s: S) => s.context.holdersNext !== null;

// ── assign ──
export const selectAssignOpen = (s: S) => s.matches('assigning');
export const selectAssignStage = (s: S): 'picking' | 'previewing' | 'preview' | 'applying' | 'done' | null => {
  for (const stage of ['picking', 'previewing', 'preview', 'applying', 'done'] as const)
    if (s.matches({ assigning: stage })) return stage;
  return null;
};
export const selectAccount = (s: S) => s.context.account;
export const selectPreview = (s: S) => s.context.preview;
