// A labelled control with its hint and its error, the error tied to the control for screen
// readers: the create and edit screens frame their fields with it. A control that names itself
// (the organisation picker) is framed without an id: the label is then text only.
import { Box, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';

export function FieldFrame({
  id,
  label,
  error,
  hint,
  children,
}: {
  id?: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  children: ReactNode;
}) {
  return (
    <Box>
      <Text as="label" htmlFor={id} size="2" weight="medium" mb="1" style={{ display: 'block' }}>
        {label}
      </Text>
      {children}
      {hint && !error && (
        <Text as="p" id={id && `${id}-hint`} size="1" color="gray" mt="1">
          {hint}
        </Text>
      )}
      <FieldError id={id} error={error} mt="1" />
    </Box>
  );
}

/** A control's error under it, at `${id}-error` where `described` points the control. */
export function FieldError({
  id,
  error,
  mt,
  mb,
}: {
  id: string | undefined;
  error: string | undefined;
  mt?: '1';
  mb?: '2';
}) {
  return error ? (
    <Text as="p" id={id && `${id}-error`} size="1" color="red" mt={mt} mb={mb}>
      {error}
    </Text>
  ) : null;
}

/** The aria attributes that point a control at its error (or hint). */
export const described = (id: string, error?: string, hint?: string) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
});
