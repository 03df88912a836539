// /sku_configuration (SKU Configuration, decision 053): the SKU editor's actor (given the platform
// key and the kept form draft), what keeps its form across a reload (decision 042), and the view:
// the SKUs with search and status, and the dialogs. Thin: everything comes from selectors.
import { Flex, Select, TextField } from '@radix-ui/themes';
import { shallowEqual } from '@xstate/react';
import type { ReactNode } from 'react';
import { MAX_SEARCH_TEXT } from '../../domain/constants';
import { checkSkuDraft, SKU_DRAFT_FORM } from './skus.draft';
import { liveSkuEditorMachine } from './skus.live';
import { selectSearch, selectSection, selectStatusFilter } from './skus.selectors';
import * as selectors from './skus.selectors';
import { useConsole } from '../../ui/console-context';
import { RecordSection } from '../../ui/shared/record-section';
import { openFormAddress, RecordDraftKeeper, RecordScope, useStaffId } from '../../ui/shared/record-scope';
import { SkuAssignDialog } from './sku-assign-dialog';
import { SkuFormDialog } from './sku-form-dialog';
import { SkuHoldersDialog, SkuTakeOffDialog } from './sku-holders-dialog';
import { SkuStatusDialog } from './sku-status-dialog';
import { SkusCtx } from './skus-context';
import { SkusTable } from './skus-table';

/** One form draft per staff member: the open SKU form, new or a change. */
export const skuDraftAddress = (staff: number | null) => openFormAddress(SKU_DRAFT_FORM, staff);

/** What the route mounts (tests put a probe inside to hold the actor). */
export function SkusScreen({ probe }: { probe?: ReactNode }) {
  const staff = useStaffId();
  return (
    <SkusScope staff={staff}>
      {probe}
      <SkusDraftKeeper staff={staff} />
      <SkusView />
    </SkusScope>
  );
}

export function SkusScope({ staff, children }: { staff: number | null; children: ReactNode }) {
  const { config } = useConsole();
  return (
    <RecordScope
      ctx={SkusCtx}
      logic={liveSkuEditorMachine}
      address={skuDraftAddress(staff)}
      check={checkSkuDraft}
      input={(draft) => ({ productKey: config.product_key, draft })}
    >
      {children}
    </RecordScope>
  );
}

export function SkusDraftKeeper({ staff }: { staff: number | null }) {
  return <RecordDraftKeeper ctx={SkusCtx} select={selectors} address={skuDraftAddress(staff)} record="SKU" />;
}

export function SkusView() {
  const editor = SkusCtx.useActorRef();
  const section = SkusCtx.useSelector(selectSection, shallowEqual);
  const search = SkusCtx.useSelector(selectSearch);
  const status = SkusCtx.useSelector(selectStatusFilter);
  const listed = SkusCtx.useSelector((s) => s.hasTag('listed'));
  return (
    <RecordSection
      heading="SKU Configuration"
      create={{ label: 'New SKU', go: () => editor.send({ type: 'sku.new' }) }}
      intro="A SKU is what an account buys: a product configuration, data plan items and the account settings it sets. Assigning one sets those settings on the account, under the same rules as Account Settings."
      state={section}
      noticeLabel="SKUs notice"
      onRetry={() => editor.send({ type: 'skus.retry' })}
      records="SKUs"
    >
      {section.count > 0 && (
        <>
          <Flex gap="3" align="end">
            <TextField.Root
              aria-label="Search SKUs"
              placeholder="Search code, name or description"
              value={search}
              maxLength={MAX_SEARCH_TEXT}
              disabled={!listed}
              style={{ minWidth: 320 }}
              onChange={(e) => editor.send({ type: 'list.search', value: e.currentTarget.value })}
            />
            <Select.Root
              value={status}
              disabled={!listed}
              onValueChange={(value) => editor.send({ type: 'list.status', value: value as 'all' })}
            >
              <Select.Trigger aria-label="Status" />
              <Select.Content>
                <Select.Item value="all">Active and retired</Select.Item>
                <Select.Item value="active">Active</Select.Item>
                <Select.Item value="retired">Retired</Select.Item>
              </Select.Content>
            </Select.Root>
          </Flex>
          <SkusTable />
        </>
      )}
      <SkuFormDialog />
      <SkuStatusDialog />
      <SkuHoldersDialog />
      <SkuTakeOffDialog />
      <SkuAssignDialog />
    </RecordSection>
  );
}
