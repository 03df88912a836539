// A switch whose change is saved at once (a group's switches, a user's broker switches): its words
// beside it, and Saving… while its change is sent.
import { Flex, Switch, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';

export function SavedSwitch({
  checked,
  disabled,
  saving,
  onToggle,
  children,
}: {
  checked: boolean;
  disabled: boolean;
  saving: boolean;
  onToggle: () => void;
  /** The switch's words. */
  children: ReactNode;
}) {
  return (
    <Text as="label" size="2">
      <Flex gap="2" align="center">
        <Switch checked={checked} disabled={disabled} onCheckedChange={onToggle} />
        {children}
        {saving && (
          <Text size="1" color="gray" role="status">
            Saving…
          </Text>
        )}
      </Flex>
    </Text>
  );
}
