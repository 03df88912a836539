// A select's list of choices: an optional first choice (Any status, No template) and then one item
// a choice. Every select of the panel lists its choices this way.
import type { ReactNode } from 'react';
import { Select } from '@radix-ui/themes';

export interface SelectChoice {
  value: string;
  label: ReactNode;
}

export function SelectOptions({
  options,
  first,
  position,
}: {
  options: readonly SelectChoice[];
  /** A choice before the list: "any" or "none". */
  first?: SelectChoice | false | null | undefined;
  position?: 'popper' | 'item-aligned';
}) {
  return (
    <Select.Content position={position}>
      {first && <Select.Item value={first.value}>{first.label}</Select.Item>}
      {options.map((o) => (
        <Select.Item key={o.value} value={o.value}>
          {o.label}
        </Select.Item>
      ))}
    </Select.Content>
  );
}
