// A titled group of a form's fields: named by its title for a screen reader, its heading (a page's
// form heads its groups at h3, a dialog's at h4), and a gray line of help under it where one helps.
import { Box, Heading, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';

export function FieldGroup({
  title,
  help,
  level = 3,
  children,
}: {
  title: string;
  help?: ReactNode;
  level?: 3 | 4;
  children: ReactNode;
}) {
  return (
    <Box role="group" aria-label={title}>
      <Heading as={level === 3 ? 'h3' : 'h4'} size={level === 3 ? '3' : '2'} mb="1">
        {title}
      </Heading>
      {help && (
        <Text as="p" size="1" color="gray" mb="2">
          {help}
        </Text>
      )}
      {children}
    </Box>
  );
}
