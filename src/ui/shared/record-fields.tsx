// The fields a record's form dialog lays out: a line of text or a few lines, framed with their
// label, hint and the server's refusal (tied to the control for screen readers), and a checkbox
// with its words beside it.
import type { ReactNode } from 'react';
import { Checkbox, Flex, Text, TextArea, TextField } from '@radix-ui/themes';
import { described, FieldFrame } from '../form/field-frame';

type TextProps = {
  id: string;
  label: string;
  value: string;
  error: string | undefined;
  hint?: string;
  maxLength?: number;
  disabled: boolean;
  onChange: (value: string) => void;
};

/** The keys of a form whose values are text. */
type TextKey<F> = { [K in keyof F]: F[K] extends string ? K : never }[keyof F] & string;

/**
 * A record form's text fields as RecordTextField and RecordTextArea take them: the value at `key`,
 * the server's refusal at it (at `errorKey` where the server names it otherwise), locked while the
 * form saves, and how an edit is sent (given the value and the key).
 */
export const recordFieldsOf =
  <F,>(form: F, errors: Record<string, string>, saving: boolean) =>
  <K extends TextKey<F>>(key: K, edit: (value: string, key: K) => void, errorKey: string = key) => ({
    value: form[key] as string,
    error: errors[errorKey],
    disabled: saving,
    onChange: (value: string) => edit(value, key),
  });

export function RecordTextField({ autoFocus, ...p }: TextProps & { autoFocus?: boolean }) {
  return (
    <FieldFrame id={p.id} label={p.label} error={p.error} hint={p.hint}>
      <TextField.Root
        id={p.id}
        value={p.value}
        maxLength={p.maxLength}
        disabled={p.disabled}
        autoFocus={autoFocus}
        onChange={(e) => p.onChange(e.currentTarget.value)}
        {...described(p.id, p.error, p.hint)}
      />
    </FieldFrame>
  );
}

export function RecordTextArea({ rows, ...p }: TextProps & { rows: number }) {
  return (
    <FieldFrame id={p.id} label={p.label} error={p.error} hint={p.hint}>
      <TextArea
        id={p.id}
        value={p.value}
        maxLength={p.maxLength}
        disabled={p.disabled}
        rows={rows}
        onChange={(e) => p.onChange(e.currentTarget.value)}
        {...described(p.id, p.error, p.hint)}
      />
    </FieldFrame>
  );
}

/** A checkbox and its words, the words part of its label. */
export function RecordCheck({
  checked,
  disabled,
  onChange,
  gap = '1',
  align = 'center',
  control,
  children,
}: {
  checked: boolean;
  disabled: boolean;
  onChange: (on: boolean) => void;
  gap?: '1' | '2';
  align?: 'center' | 'start';
  /** What names the box or ties it to its error, where the words beside it do not. */
  control?: {
    id?: string;
    'aria-label'?: string;
    'aria-invalid'?: boolean | undefined;
    'aria-describedby'?: string | undefined;
  };
  children: ReactNode;
}) {
  return (
    <Text as="label" size="2">
      <Flex gap={gap} align={align}>
        <Checkbox checked={checked} disabled={disabled} onCheckedChange={(on) => onChange(on === true)} {...control} />
        {children}
      </Flex>
    </Text>
  );
}
