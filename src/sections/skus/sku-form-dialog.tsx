// New SKU / Edit SKU: code, name, description, product configuration, data plan items (spec §5's
// rules applied as they are chosen, their notices in blue) and the account settings the SKU sets,
// added one by one from a picker and each set to its value. The server's refusal stands at its
// field; a change someone saved first is said above.
import { shallowEqual } from '@xstate/react';
import { Box, Button, Callout, Flex, Select, Text, TextField } from '@radix-ui/themes';
import {
  QUERY_BIT_LABELS,
  REGION_LABELS,
  settingFields,
  settingLabel,
  type SettingField,
} from '../../domain/account-labels';
import { REGIONS } from '../../domain/account-settings';
import { productNames } from '../../domain/product';
import { SKU_CODE_MAX, SKU_DESCRIPTION_MAX, SKU_NAME_MAX } from '../../domain/skus';
import { configurationLabel, dataPlanLabel } from '../../domain/user-labels';
import { selectFormView, selectPlanNotices, selectProductKey } from './skus.selectors';
import { described, FieldError, FieldFrame } from '../../ui/form/field-frame';
import { FieldGroup } from '../../ui/form/field-group';
import { SkusCtx } from './skus-context';
import { RecordFormDialog } from '../../ui/shared/record-dialogs';
import { RecordCheck, RecordTextArea, RecordTextField, recordFieldsOf } from '../../ui/shared/record-fields';
import { SelectOptions } from '../../ui/form/select-options';

const domId = (path: string) => `sku-setting-${path.replace(/\./g, '-')}`;

function SettingControl({
  productKey,
  field,
  value,
  error,
  disabled,
}: {
  productKey: string;
  field: SettingField;
  value: unknown;
  error: string | undefined;
  disabled: boolean;
}) {
  const editor = SkusCtx.useActorRef();
  const set = (next: unknown) => editor.send({ type: 'form.setting', path: field.path, value: next });
  const id = domId(field.path);
  switch (field.kind) {
    case 'number':
      return (
        <TextField.Root
          id={id}
          value={String(value ?? '')}
          inputMode="numeric"
          maxLength={9}
          disabled={disabled}
          style={{ width: 160 }}
          onChange={(e) => set(e.currentTarget.value)}
          {...described(id, error)}
        />
      );
    case 'switch':
      return (
        <RecordCheck
          gap="2"
          checked={value === true}
          disabled={disabled}
          control={{ id, ...described(id, error) }}
          onChange={(on) => set(on)}
        >
          {value === true ? 'On' : 'Off'}
        </RecordCheck>
      );
    case 'choice':
      return (
        <Select.Root
          value={String(value)}
          disabled={disabled}
          onValueChange={(next) => set(field.options!.find((o) => String(o.value) === next)?.value ?? next)}
        >
          <Select.Trigger id={id} aria-label={field.label} {...described(id, error)} />
          <SelectOptions options={field.options!.map((o) => ({ value: String(o.value), label: o.label }))} />
        </Select.Root>
      );
    case 'regions': {
      const regions = (value ?? {}) as Record<string, boolean>;
      return (
        <Flex gap="3" id={id}>
          {REGIONS.map((r) => (
            <RecordCheck
              key={r}
              checked={regions[r] === true}
              disabled={disabled}
              control={{ 'aria-label': settingLabel(productKey, `${field.path}.${r}`) }}
              onChange={(on) => set({ ...regions, [r]: on })}
            >
              {REGION_LABELS[r]}
            </RecordCheck>
          ))}
        </Flex>
      );
    }
    case 'query_bits': {
      const n = Number(value ?? 0);
      return (
        <Flex gap="3" wrap="wrap" id={id}>
          {QUERY_BIT_LABELS.map((q) => (
            <RecordCheck
              key={q.bit}
              checked={(n & q.bit) !== 0}
              disabled={disabled}
              control={{ 'aria-label': `${field.label}: ${q.label}` }}
              onChange={(on) => set(String(on ? n | q.bit : n & ~q.bit))}
            >
              {q.label}
            </RecordCheck>
          ))}
        </Flex>
      );
    }
  }
}

export function SkuFormDialog() {
  const editor = SkusCtx.useActorRef();
  const { open, form, saving, errors, formError } = SkusCtx.useSelector(selectFormView, shallowEqual);
  const notices = SkusCtx.useSelector(selectPlanNotices);
  const key = SkusCtx.useSelector(selectProductKey);
  if (!open || !form) return null;
  const creating = form.id === null;
  const field = recordFieldsOf(form, errors, saving);
  const fields = settingFields(key);
  const chosen = fields.filter((f) => f.path in form.defaults);
  const addable = fields.filter((f) => !(f.path in form.defaults));
  const orphanErrors = Object.entries(errors).filter(([k]) => k.includes('.') && !(k in form.defaults));
  return (
    <RecordFormDialog
      title={creating ? 'New SKU' : `Edit SKU '${form.base.code}'`}
      description="Accounts get these settings when the SKU is assigned to them; changing the SKU later does not change them."
      formLabel={creating ? 'New SKU' : 'Edit SKU'}
      error={formError}
      saving={saving}
      maxWidth="760px"
      send={editor.send}
    >
      <Flex gap="3">
        <Box style={{ flex: 1 }}>
          <RecordTextField
            id="sku-code"
            label="Code"
            hint="Letters, digits and hyphens; kept in capitals."
            maxLength={SKU_CODE_MAX}
            autoFocus
            {...field('code', (value) => editor.send({ type: 'form.code', value }))}
          />
        </Box>
        <Box style={{ flex: 2 }}>
          <RecordTextField
            id="sku-name"
            label="Name"
            maxLength={SKU_NAME_MAX}
            {...field('name', (value) => editor.send({ type: 'form.name', value }))}
          />
        </Box>
      </Flex>
      <RecordTextArea
        id="sku-description"
        label="Description"
        hint="Optional: what the bundle is for."
        maxLength={SKU_DESCRIPTION_MAX}
        rows={2}
        {...field('description', (value) => editor.send({ type: 'form.description', value }))}
      />
      <FieldFrame id="sku-configuration" label="Product configuration" error={errors['product_configuration']}>
        <Select.Root
          value={form.product_configuration}
          disabled={saving}
          onValueChange={(value) => editor.send({ type: 'form.configuration', value })}
        >
          <Select.Trigger
            id="sku-configuration"
            aria-label="Product configuration"
            {...described('sku-configuration', errors['product_configuration'])}
          />
          <SelectOptions
            options={productNames(key).configurations.map((c) => ({ value: c, label: configurationLabel(key, c) }))}
          />
        </Select.Root>
      </FieldFrame>
      <Box
        role="group"
        aria-label="Data plan"
        aria-invalid={errors['data_plan'] ? true : undefined}
        aria-describedby={errors['data_plan'] ? 'sku-plan-error' : undefined}
      >
        <Text as="div" size="2" weight="medium" mb="1">
          Data plan
        </Text>
        <Flex gap="3" wrap="wrap">
          {productNames(key).dataPlanItems.map((item) => (
            <RecordCheck
              key={item}
              checked={form.data_plan.includes(item)}
              disabled={saving}
              control={{ 'aria-label': dataPlanLabel(key, item) }}
              onChange={(on) => editor.send({ type: 'form.planItem', item, on })}
            >
              {dataPlanLabel(key, item)}
            </RecordCheck>
          ))}
        </Flex>
        {notices.map((n) => (
          <Callout.Root key={n} color="blue" size="1" mt="2" role="status" aria-label="Data plan notice">
            <Callout.Text>{n}</Callout.Text>
          </Callout.Root>
        ))}
        <FieldError id="sku-plan" error={errors['data_plan']} mt="1" />
      </Box>
      <FieldGroup
        title="Settings this SKU sets"
        level={4}
        help="Only these are set on an account it is assigned to; the rest stay as they are."
      >
        {chosen.length === 0 && (
          <Text as="p" size="2" color="gray" mb="2">
            None yet.
          </Text>
        )}
        <Flex direction="column" gap="2">
          {chosen.map((f) => (
            <Flex key={f.path} gap="3" align="start" justify="between" role="group" aria-label={f.label}>
              <Box style={{ flex: 1 }}>
                <FieldFrame id={domId(f.path)} label={f.label} error={errors[f.path]}>
                  <SettingControl
                    productKey={key}
                    field={f}
                    value={form.defaults[f.path]}
                    error={errors[f.path]}
                    disabled={saving}
                  />
                </FieldFrame>
              </Box>
              <Button
                type="button"
                size="1"
                variant="ghost"
                color="red"
                disabled={saving}
                aria-label={`Remove ${f.label}`}
                onClick={() => editor.send({ type: 'form.removeSetting', path: f.path })}
              >
                Remove
              </Button>
            </Flex>
          ))}
        </Flex>
        {orphanErrors.map(([k, m]) => (
          <Text as="p" key={k} size="1" color="red" mt="1">
            {m}
          </Text>
        ))}
        {addable.length > 0 && (
          <Box mt="2">
            <Select.Root
              value=""
              disabled={saving}
              onValueChange={(path) => editor.send({ type: 'form.addSetting', path })}
            >
              <Select.Trigger aria-label="Add a setting" placeholder="Add a setting…" />
              <SelectOptions position="popper" options={addable.map((f) => ({ value: f.path, label: f.label }))} />
            </Select.Root>
          </Box>
        )}
      </FieldGroup>
    </RecordFormDialog>
  );
}
