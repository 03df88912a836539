// A list's search box: the text a person types, sent when they press Enter or Search, and put back
// when the list's own query changes under it (Back, a link, a cleared filter). Every list searches
// this way, so the box, its button and its limits read the same in every section.
import { Button, Flex, SegmentedControl, TextField } from '@radix-ui/themes';
import { useEffect, useState, type ReactNode } from 'react';

export function SearchForm({
  name,
  label,
  placeholder,
  maxLength,
  query,
  onSearch,
  disabled = false,
  width,
  children,
}: {
  /** The search landmark's name ("Search accounts"). */
  name: string;
  /** The box's accessible name. */
  label: string;
  placeholder: string;
  maxLength: number;
  /** The text the list is searched by now. */
  query: string;
  /** Called with the trimmed text. */
  onSearch: (text: string) => void;
  disabled?: boolean;
  width?: number;
  /** Filters shown before the box (a status, a group). */
  children?: ReactNode;
}) {
  const [text, setText] = useState(query);
  useEffect(() => setText(query), [query]);
  return (
    <Flex gap="3" align="center" wrap="wrap">
      {children}
      <form
        role="search"
        aria-label={name}
        onSubmit={(e) => {
          e.preventDefault();
          if (!disabled) onSearch(text.trim());
        }}
      >
        <Flex gap="2" align="end">
          <TextField.Root
            aria-label={label}
            placeholder={placeholder}
            value={text}
            maxLength={maxLength}
            onChange={(e) => setText(e.currentTarget.value)}
            style={width ? { minWidth: width } : undefined}
          />
          <Button type="submit" variant="soft" disabled={disabled}>
            Search
          </Button>
        </Flex>
      </form>
    </Flex>
  );
}

/** A list's status filter before its search box: All, then each status by its label ('' is All). */
export function StatusFilter<S extends string>({
  statuses,
  labels,
  status,
  onChange,
}: {
  statuses: readonly S[];
  labels: Record<S, string>;
  status: S | '';
  onChange: (status: S | '') => void;
}) {
  return (
    <SegmentedControl.Root
      aria-label="Status"
      value={status || 'all'}
      onValueChange={(v) => onChange(v === 'all' ? '' : (v as S))}
    >
      <SegmentedControl.Item value="all">All</SegmentedControl.Item>
      {statuses.map((s) => (
        <SegmentedControl.Item key={s} value={s}>
          {labels[s]}
        </SegmentedControl.Item>
      ))}
    </SegmentedControl.Root>
  );
}
