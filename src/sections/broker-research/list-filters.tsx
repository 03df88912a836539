// The filter row of the Requests and FulFillments lists: each filter a small gray label over its
// control, the status and source choices, the organization, the user named by a link from another
// tab, the days, Clear filters, and a failed read with its retry. Both tabs filter the same
// kinds of rows, so their filters read and behave alike.
import { Badge, Box, Button, Callout, Flex, Select, Text, TextField } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { SelectOptions } from '../../ui/form/select-options';
import { OrgPicker } from '../organizations/org-picker';

/** The choice that is every value (no filter). */
const ANY = 'any';

/** A filter's label above its control. */
export function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Flex direction="column" gap="1">
      <Text size="1" color="gray">
        {label}
      </Text>
      {children}
    </Flex>
  );
}

/** A choice among fixed values, or any; the filter is '' for any. */
export function ChoiceFilter({
  label,
  anyLabel,
  value,
  options,
  disabled,
  onChange,
}: {
  label: string;
  anyLabel: string;
  value: string;
  options: { value: string; label: string }[];
  disabled?: boolean | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <Labelled label={label}>
      <Select.Root value={value || ANY} disabled={disabled} onValueChange={(v) => onChange(v === ANY ? '' : v)}>
        <Select.Trigger aria-label={label} />
        <SelectOptions first={{ value: ANY, label: anyLabel }} options={options} />
      </Select.Root>
    </Labelled>
  );
}

/** The organization filter: its id, named from the list's answer when it names it. */
export function OrgFilter({
  org,
  name,
  disabled,
  onChange,
}: {
  org: string;
  name: string | undefined;
  disabled?: boolean | undefined;
  onChange: (org: string) => void;
}) {
  const value = org === '' ? null : { title: name ?? `Organization ${org}`, org_id: Number(org), salesforceId: null };
  return (
    <Labelled label="Organization">
      <Box width="240px">
        <OrgPicker
          value={value}
          {...(disabled === undefined ? {} : { disabled })}
          onChange={(pick) => onChange(pick ? String(pick.org_id) : '')}
        />
      </Box>
    </Labelled>
  );
}

/** A filter set to one record (a user, a broker), shown by name with the way to clear it. */
export function ChosenFilter({
  label,
  text,
  disabled,
  onClear,
}: {
  label: 'User' | 'Broker';
  text: string;
  disabled?: boolean | undefined;
  onClear: () => void;
}) {
  return (
    <Labelled label={label}>
      <Flex align="center" gap="2">
        <Badge size="2" aria-label={`${label} filter`}>
          {text}
        </Badge>
        <Button size="1" variant="ghost" disabled={disabled} onClick={onClear}>
          Clear {label.toLowerCase()}
        </Button>
      </Flex>
    </Labelled>
  );
}

/** A day picker: a complete date (or none) becomes the filter. */
export function DayField({
  label,
  value,
  disabled,
  onChange,
}: {
  label: string;
  value: string;
  disabled?: boolean | undefined;
  onChange: (day: string) => void;
}) {
  return (
    <Labelled label={label}>
      <TextField.Root
        type="date"
        aria-label={label}
        value={value}
        disabled={disabled}
        onChange={(e) => {
          const day = e.currentTarget.value;
          if (day === '' || /^\d{4}-\d{2}-\d{2}$/.test(day)) onChange(day);
        }}
      />
    </Labelled>
  );
}

export function ClearFilters({ disabled, onClear }: { disabled?: boolean | undefined; onClear: () => void }) {
  return (
    <Button variant="soft" color="gray" disabled={disabled} onClick={onClear}>
      Clear filters
    </Button>
  );
}

/**
 * A read failed (the list, a request, a bulk count): what went wrong and the way to read it again,
 * then any other way out (`children`, such as a bulk action's Cancel).
 */
export function ListFailed({
  text,
  retry,
  onRetry,
  children,
}: {
  text: string;
  retry: string;
  onRetry: () => void;
  children?: ReactNode;
}) {
  return (
    <Callout.Root role="alert" color="red">
      <Flex align="center" gap="3">
        <Callout.Text>{text}</Callout.Text>
        <Button size="1" variant="soft" onClick={onRetry}>
          {retry}
        </Button>
        {children}
      </Flex>
    </Callout.Root>
  );
}
