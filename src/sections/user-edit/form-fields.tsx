// The edit form's inputs, each bound to one key of the draft: they read the machine through its
// selectors and send field.change; what is shown, disabled or refused is the machine's rule.
import { Box, Flex, Select, Switch, Text, TextField } from '@radix-ui/themes';
import { useId } from 'react';
import { maxLengthOf } from '../../ui/form/limits';
import { READ_ONLY_REASON, fieldLabel, readDraft, valueLabel, type DraftKey } from './user-edit.form';
import { selectAccess, selectFieldErrors, selectFormOpen, selectProduct } from './user-edit.selectors';
import { described, FieldFrame } from '../../ui/form/field-frame';
import { UserEditCtx } from './user-edit-context';
import { SelectOptions } from '../../ui/form/select-options';

export function useFormOpen(): boolean {
  return UserEditCtx.useSelector(selectFormOpen);
}

export function useField(key: DraftKey) {
  const edit = UserEditCtx.useActorRef();
  const product = UserEditCtx.useSelector(selectProduct);
  const access = UserEditCtx.useSelector(
    (s) => selectAccess(s, key),
    (a, b) => JSON.stringify(a) === JSON.stringify(b),
  );
  const value = UserEditCtx.useSelector((s) => (s.context.draft ? readDraft(s.context.draft, key) : null));
  const error = UserEditCtx.useSelector((s) => selectFieldErrors(s)[key]);
  const open = useFormOpen();
  return {
    label: fieldLabel(product, key),
    access,
    /** Why the field is locked, unless the page already says so once (a read-only viewer). */
    why: !access.editable && 'why' in access && access.why !== READ_ONLY_REASON ? access.why : undefined,
    value,
    error,
    disabled: !access.editable || !open,
    change: (next: string | boolean) => edit.send({ type: 'field.change', key, value: next }),
  };
}

export function TextInput({
  field,
  type = 'text',
  autoComplete = 'off',
  placeholder,
}: {
  field: DraftKey;
  type?: 'text' | 'email' | 'tel' | 'password';
  autoComplete?: string;
  placeholder?: string;
}) {
  const id = useId();
  const f = useField(field);
  if (!f.access.show) return null;
  return (
    <FieldFrame id={id} label={f.label} error={f.error} hint={f.why}>
      <TextField.Root
        id={id}
        type={type}
        autoComplete={autoComplete}
        placeholder={placeholder}
        value={String(f.value ?? '')}
        maxLength={maxLengthOf(field)}
        disabled={f.disabled}
        color={f.error ? 'red' : undefined}
        {...described(id, f.error, f.why)}
        onChange={(e) => f.change(e.target.value)}
      />
    </FieldFrame>
  );
}

/**
 * A choice among options, each shown by its label (the values every user screen names the same
 * way); `none` names the empty choice when the field may be empty, `placeholder` shows while
 * nothing is chosen otherwise.
 */
export function ChoiceSelect({
  field,
  options,
  none,
  placeholder,
}: {
  field: DraftKey;
  options: readonly string[] | readonly { value: string; label: string }[];
  none?: string;
  placeholder?: string;
}) {
  const id = useId();
  const f = useField(field);
  const product = UserEditCtx.useSelector(selectProduct);
  const NONE = '__none__';
  const current = String(f.value ?? '');
  const choices = options.map((o) => (typeof o === 'string' ? { value: o, label: valueLabel(product, field, o) } : o));
  if (!f.access.show) return null;
  return (
    <FieldFrame id={id} label={f.label} error={f.error} hint={f.why}>
      <Select.Root
        value={current === '' && none ? NONE : current}
        disabled={f.disabled}
        onValueChange={(v) => f.change(v === NONE ? '' : v)}
      >
        <Select.Trigger
          id={id}
          aria-label={f.label}
          placeholder={placeholder}
          style={{ minWidth: 200 }}
          {...described(id, f.error, f.why)}
        />
        <SelectOptions first={none ? { value: NONE, label: none } : null} options={choices} />
      </Select.Root>
    </FieldFrame>
  );
}

export function SwitchField({ field }: { field: DraftKey }) {
  const f = useField(field);
  if (!f.access.show) return null;
  return (
    <Box>
      <Text as="label" size="2">
        <Flex gap="2" align="center">
          <Switch checked={f.value === true} disabled={f.disabled} onCheckedChange={(on) => f.change(on)} />
          {f.label}
        </Flex>
      </Text>
      {f.why && (
        <Text as="p" size="1" color="gray">
          {f.why}
        </Text>
      )}
    </Box>
  );
}

/** A read-only value of the record (what the form cannot change). */
export function ReadOnlyValue({ label, value }: { label: string; value: string | null }) {
  return (
    <Box>
      <Text as="div" size="2" weight="medium" mb="1">
        {label}
      </Text>
      <Text as="div" size="2" color="gray">
        {value || '(empty)'}
      </Text>
    </Box>
  );
}
