// New template / Edit template: name, description, source (product specialist templates only for
// those who may use them), who it is for, the group names its accounts' new users join, and every
// account setting in the account settings form's groups. The server's refusal stands at its field
// (a setting's at the setting); a change someone saved first is said above.
import { shallowEqual } from '@xstate/react';
import { Box, Flex, Heading, Select, Text, TextField } from '@radix-ui/themes';
import {
  QUERY_BIT_LABELS,
  settingGroups,
  settingLabel,
  type SettingField,
  type SettingGroup,
} from '../../domain/account-labels';
import { queryBitsOf, queryPermissionOf, REGIONS } from '../../domain/account-settings';
import { productNames } from '../../domain/product';
import {
  sourceLabel,
  TEMPLATE_DESCRIPTION_MAX,
  TEMPLATE_NAME_MAX,
  TEMPLATE_SOURCE_USER_MAX,
} from '../../domain/templates';
import { selectFormBaseName, selectFormView, selectSources } from './templates.selectors';
import type { TemplateForm } from './templates.types';
import { useConsole } from '../../ui/console-context';
import { described, FieldFrame } from '../../ui/form/field-frame';
import { TemplatesCtx } from './templates-context';
import { RecordFormDialog } from '../../ui/shared/record-dialogs';
import { RecordCheck, RecordTextArea, RecordTextField, recordFieldsOf } from '../../ui/shared/record-fields';
import { SelectOptions } from '../../ui/form/select-options';

const errorKey = (object: string, key: string) => `template_settings.${object}.${key}`;

function SettingsGroup({
  group,
  form,
  errors,
  saving,
  productKey,
}: {
  group: SettingGroup;
  form: TemplateForm;
  errors: Record<string, string>;
  saving: boolean;
  productKey: string;
}) {
  const editor = TemplatesCtx.useActorRef();
  const values = form[group.object];
  const set = (key: string, value: unknown) => editor.send({ type: 'form.setting', object: group.object, key, value });
  const groupError = errors[`template_settings.${group.object}`];
  const control = ({ key, label, kind, options }: SettingField) => {
    const id = `template-${key}`;
    const error = errors[errorKey(group.object, key)];
    switch (kind) {
      case 'number':
        return (
          <Box key={key} style={{ minWidth: 200 }}>
            <FieldFrame id={id} label={label} error={error}>
              <TextField.Root
                id={id}
                inputMode="numeric"
                value={String(values[key] ?? '')}
                maxLength={9}
                disabled={saving}
                onChange={(e) => set(key, e.currentTarget.value)}
                {...described(id, error)}
              />
            </FieldFrame>
          </Box>
        );
      case 'choice':
        return (
          <Box key={key} style={{ minWidth: 200 }}>
            <FieldFrame label={label} error={error}>
              <Select.Root
                value={String(values[key])}
                disabled={saving}
                onValueChange={(value) => set(key, options?.find((o) => String(o.value) === value)?.value ?? value)}
              >
                <Select.Trigger aria-label={label} {...described(id, error)} />
                <SelectOptions options={(options ?? []).map((o) => ({ value: String(o.value), label: o.label }))} />
              </Select.Root>
            </FieldFrame>
          </Box>
        );
      case 'switch':
        return (
          <SwitchRow
            key={key}
            label={label}
            checked={values[key] === true}
            disabled={saving}
            error={error}
            onChange={(on) => set(key, on)}
          />
        );
      case 'regions': {
        const regions = (values['regions'] ?? {}) as Record<string, boolean>;
        return REGIONS.map((r) => (
          <SwitchRow
            key={r}
            label={settingLabel(productKey, `${group.object}.regions.${r}`)}
            checked={regions[r] === true}
            disabled={saving}
            error={errors[`${errorKey(group.object, 'regions')}.${r}`]}
            onChange={(on) => set('regions', { ...regions, [r]: on })}
          />
        ));
      }
      case 'query_bits': {
        const bits = queryBitsOf(String(values['new_filter_permission'] ?? '0'));
        return [
          ...QUERY_BIT_LABELS.map((q) => (
            <SwitchRow
              key={q.bit}
              label={`${q.label} (${q.bit})`}
              checked={bits.includes(q.bit)}
              disabled={saving}
              error={undefined}
              onChange={(on) =>
                set('new_filter_permission', queryPermissionOf(on ? [...bits, q.bit] : bits.filter((b) => b !== q.bit)))
              }
            />
          )),
          error && (
            <Text key="error" as="p" size="1" color="red">
              {error}
            </Text>
          ),
        ];
      }
    }
  };
  return (
    <Box role="group" aria-label={group.title} mb="3">
      <Heading as="h3" size="2" mb="2">
        {group.title}
      </Heading>
      {groupError && (
        <Text as="p" size="1" color="red" mb="1">
          {groupError}
        </Text>
      )}
      <Flex direction="row" wrap="wrap" gap="3" align="end">
        {group.fields.map(control)}
      </Flex>
    </Box>
  );
}

function SwitchRow({
  label,
  checked,
  disabled,
  error,
  onChange,
}: {
  label: string;
  checked: boolean;
  disabled: boolean;
  error: string | undefined;
  onChange(on: boolean): void;
}) {
  return (
    <Box>
      <RecordCheck
        gap="2"
        checked={checked}
        disabled={disabled}
        control={{ 'aria-label': label, 'aria-invalid': error ? true : undefined }}
        onChange={onChange}
      >
        {label}
      </RecordCheck>
      {error && (
        <Text as="p" size="1" color="red">
          {error}
        </Text>
      )}
    </Box>
  );
}

export function TemplateFormDialog() {
  const editor = TemplatesCtx.useActorRef();
  const { config } = useConsole();
  const { open, form, saving, errors, formError } = TemplatesCtx.useSelector(selectFormView, shallowEqual);
  const sources = TemplatesCtx.useSelector(selectSources);
  const baseName = TemplatesCtx.useSelector(selectFormBaseName);
  if (!open || !form) return null;
  const creating = form.id === null;
  const productKey = config.product_key;
  const product = productNames(productKey).name;
  // A template of a source this person may not choose keeps it (the server says so on save).
  const choices = sources.includes(form.source) ? sources : [...sources, form.source];
  const edit = (value: string, field: 'template_name' | 'template_description' | 'source' | 'source_user' | 'groups') =>
    editor.send({ type: 'form.field', field, value });
  const text = recordFieldsOf(form, errors, saving);
  return (
    <RecordFormDialog
      title={creating ? 'New template' : `Edit template '${baseName}'`}
      description="Accounts that follow the template keep their settings until it is applied to them again."
      formLabel={creating ? 'New template' : 'Edit template'}
      error={formError}
      saving={saving}
      maxWidth="880px"
      send={editor.send}
    >
      <Flex gap="3" wrap="wrap">
        <Box style={{ flex: 2, minWidth: 260 }}>
          <RecordTextField
            id="template-name"
            label="Name"
            hint="Spaces are collapsed; names are unique whatever their case."
            maxLength={TEMPLATE_NAME_MAX}
            autoFocus
            {...text('template_name', edit)}
          />
        </Box>
        <Box style={{ flex: 1, minWidth: 220 }}>
          <FieldFrame label="Source" error={errors['source']}>
            <Select.Root
              value={form.source}
              disabled={saving || choices.length < 2}
              onValueChange={(value) => edit(value, 'source')}
            >
              <Select.Trigger aria-label="Source" {...described('template-source', errors['source'])} />
              <SelectOptions options={choices.map((s) => ({ value: s, label: sourceLabel(s, product) }))} />
            </Select.Root>
          </FieldFrame>
        </Box>
      </Flex>
      <RecordTextArea
        id="template-description"
        label="Description"
        maxLength={TEMPLATE_DESCRIPTION_MAX}
        rows={2}
        {...text('template_description', edit)}
      />
      <Flex gap="3" wrap="wrap">
        <Box style={{ flex: 1, minWidth: 260 }}>
          <RecordTextField
            id="template-source-user"
            label="Made for (optional)"
            maxLength={TEMPLATE_SOURCE_USER_MAX}
            {...text('source_user', edit)}
          />
        </Box>
        <Box style={{ flex: 1, minWidth: 260 }}>
          <RecordTextArea
            id="template-groups"
            label="Groups new users join"
            hint="One group name a line; matched by name against each account's own groups."
            rows={2}
            {...text('groups', edit, 'templatesettings_groups')}
          />
        </Box>
      </Flex>
      <Box role="group" aria-label="Settings" style={{ maxHeight: '45vh', overflowY: 'auto' }}>
        {settingGroups(productKey).map((group) => (
          <SettingsGroup
            key={group.title}
            group={group}
            form={form}
            errors={errors}
            saving={saving}
            productKey={productKey}
          />
        ))}
      </Box>
    </RecordFormDialog>
  );
}
