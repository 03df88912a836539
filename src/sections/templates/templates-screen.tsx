// /template_settings (Template Settings, decision 052): the template editor's actor (given the
// kept form draft and the account defaults a new template starts from), what keeps its form across
// a reload (decision 042), and the view: search, the templates with their followers, the dialogs.
// Thin: everything comes from selectors.
import { Button, Flex, Table, Text, TextField } from '@radix-ui/themes';
import { shallowEqual } from '@xstate/react';
import { useEffect, type FormEvent, type ReactNode } from 'react';
import { defaultAccountSettings } from '../../domain/account-settings';
import { productNames } from '../../domain/product';
import { productTemplatesSource, sourceLabel, TEMPLATE_NAME_MAX } from '../../domain/templates';
import { checkTemplateDraft, TEMPLATE_DRAFT_FORM } from './templates.draft';
import { liveTemplateEditorMachine } from './templates.live';
import type { TemplateDraft } from './templates.types';
import {
  selectBusy,
  selectQuery,
  selectSearched,
  selectSection,
  selectTemplates,
  selectWithoutTemplate,
} from './templates.selectors';
import * as selectors from './templates.selectors';
import { useConsole } from '../../ui/console-context';
import { RecordSection } from '../../ui/shared/record-section';
import { RecordAction, RecordActionsCell, RecordDeleteAction, RecordTable } from '../../ui/shared/record-table';
import { openFormAddress, RecordDraftKeeper, RecordScope, useStaffId } from '../../ui/shared/record-scope';
import { HistoryButton } from '../record-history/history-button';
import { TemplateApplyDialog } from './template-apply-dialog';
import { TemplateDeleteDialog } from './template-delete-dialog';
import { TemplateFormDialog } from './template-form-dialog';
import { TemplatesCtx } from './templates-context';
import { countText } from '../../domain/format';

/** One form draft per staff member: the open template form, new or a change. */
export const templateDraftAddress = (staff: number | null) => openFormAddress(TEMPLATE_DRAFT_FORM, staff);

/** What the route mounts. */
/** `query`: the search the address names; `onSearched`: what the list shows was searched for, for the address to keep. */
export function TemplatesScreen({ query, onSearched }: { query?: string; onSearched?: (q: string) => void } = {}) {
  const staff = useStaffId();
  return (
    <TemplatesScope staff={staff} query={query}>
      <TemplatesDraftKeeper staff={staff} />
      <TemplatesView onSearched={onSearched} />
    </TemplatesScope>
  );
}

export function TemplatesScope({
  staff,
  query,
  children,
}: {
  staff: number | null;
  query?: string;
  children: ReactNode;
}) {
  const { config } = useConsole();
  const input = (draft: TemplateDraft | null) => {
    const defaults = defaultAccountSettings(config.product_key, config.server_type);
    return { draft, query, defaults: { ...defaults, source: productTemplatesSource(config.product_key) } };
  };
  return (
    <RecordScope
      ctx={TemplatesCtx}
      logic={liveTemplateEditorMachine}
      address={templateDraftAddress(staff)}
      check={checkTemplateDraft}
      input={input}
    >
      {children}
    </RecordScope>
  );
}

export function TemplatesDraftKeeper({ staff }: { staff: number | null }) {
  return (
    <RecordDraftKeeper ctx={TemplatesCtx} select={selectors} address={templateDraftAddress(staff)} record="template" />
  );
}

function TemplatesTable() {
  const editor = TemplatesCtx.useActorRef();
  const { config } = useConsole();
  const templates = TemplatesCtx.useSelector(selectTemplates);
  const busy = TemplatesCtx.useSelector(selectBusy);
  const product = productNames(config.product_key).name;
  return (
    <RecordTable
      caption="Templates"
      size="1"
      columns={['Name', 'Description', 'Source', 'Accounts following', 'Last changed by']}
    >
      {templates.map((t) => (
        <Table.Row key={t.id} aria-label={t.template_name}>
          <Table.RowHeaderCell>{t.template_name}</Table.RowHeaderCell>
          <Table.Cell>{t.template_description}</Table.Cell>
          <Table.Cell>{sourceLabel(t.source, product)}</Table.Cell>
          <Table.Cell aria-label={`Accounts following ${t.template_name}`}>{t.accounts ?? '—'}</Table.Cell>
          <Table.Cell>{t.updated_by}</Table.Cell>
          <RecordActionsCell justify="end">
            <RecordAction
              label={`Apply ${t.template_name}`}
              disabled={busy}
              onClick={() => editor.send({ type: 'template.apply', id: t.id })}
            >
              Apply…
            </RecordAction>
            <RecordAction
              label={`Edit ${t.template_name}`}
              disabled={busy}
              onClick={() => editor.send({ type: 'template.edit', id: t.id })}
            >
              Edit
            </RecordAction>
            <HistoryButton kind="template" id={t.id} name={t.template_name} />
            <RecordDeleteAction
              record={t.template_name}
              disabled={busy}
              onClick={() => editor.send({ type: 'template.delete', id: t.id })}
            />
          </RecordActionsCell>
        </Table.Row>
      ))}
    </RecordTable>
  );
}

export function TemplatesView({ onSearched }: { onSearched?: (q: string) => void } = {}) {
  const editor = TemplatesCtx.useActorRef();
  const section = TemplatesCtx.useSelector(selectSection, shallowEqual);
  const { loading, failed, busy, count } = section;
  const query = TemplatesCtx.useSelector(selectQuery);
  const searched = TemplatesCtx.useSelector(selectSearched);
  // The address follows the search the list shows, so Reload and a link return to it.
  useEffect(() => {
    if (!loading) onSearched?.(searched);
  }, [loading, searched, onSearched]);
  const without = TemplatesCtx.useSelector(selectWithoutTemplate);
  const search = (e: FormEvent) => {
    e.preventDefault();
    editor.send({ type: 'search.submit' });
  };
  return (
    <RecordSection
      heading="Template Settings"
      create={{ label: 'New template', go: () => editor.send({ type: 'template.new' }) }}
      intro="A template is a set of account settings. Applying it to accounts sets their settings to the template's, after showing what changes on each."
      tools={
        <form onSubmit={search} role="search" aria-label="Search templates">
          <Flex gap="2" align="center">
            <TextField.Root
              aria-label="Search templates by name or description"
              placeholder="Name or description"
              value={query}
              maxLength={TEMPLATE_NAME_MAX}
              disabled={busy || failed}
              onChange={(e) => editor.send({ type: 'search.text', value: e.currentTarget.value })}
              style={{ minWidth: 320 }}
            />
            <Button type="submit" variant="soft" disabled={busy}>
              Search
            </Button>
          </Flex>
        </form>
      }
      state={section}
      noticeLabel="Templates notice"
      onRetry={() => editor.send({ type: 'templates.retry' })}
      records="templates"
    >
      {!loading && !failed && count === 0 && (
        <Text size="2" color="gray" role="status" aria-label="No templates">
          {searched ? `No template matches '${searched}'.` : 'No templates yet.'}
        </Text>
      )}
      {count > 0 && <TemplatesTable />}
      {without !== null && !failed && (
        <Text size="2" color="gray" aria-label="Accounts without a template">
          {without === 1 ? '1 account follows' : `${countText(without)} accounts follow`} no template.
        </Text>
      )}
      <TemplateFormDialog />
      <TemplateDeleteDialog />
      <TemplateApplyDialog />
    </RecordSection>
  );
}
