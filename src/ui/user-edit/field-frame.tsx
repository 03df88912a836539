// One labelled field of the edit form: hidden when the session may not see it, disabled with the
// reason when it may not change it (the page says once why a read-only viewer cannot change
// anything), and the rules' error under it.
import { Box, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { READ_ONLY_REASON, type FieldAccess } from '../../machines/user-edit/user-edit.form';

export function FieldFrame({ label, access, error, htmlFor, children }: {
  label: string;
  access: FieldAccess;
  error?: string;
  htmlFor?: string;
  children: ReactNode;
}) {
  if (!access.show) return null;
  const why = !access.editable && 'why' in access && access.why !== READ_ONLY_REASON ? access.why : null;
  return (
    <Box>
      <Text as="label" htmlFor={htmlFor} size="2" weight="medium" mb="1" style={{ display: 'block' }}>{label}</Text>
      {children}
      {why && <Text as="p" size="1" color="gray" mt="1">{why}</Text>}
      {error && <Text as="p" size="1" color="red" mt="1">{error}</Text>}
    </Box>
  );
}
