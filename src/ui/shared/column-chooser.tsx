// The columns a staff member chose to see on a list, kept in this browser per staff member and
// list (a kept choice that outlives sign-out, `columns.<list>`), and the Columns menu of the list's
// toolbar that changes them. The first column (whose row it is) cannot be chosen off. What a
// narrow screen hides on top of this is the table head's business (decision 093).
import { Button, DropdownMenu } from '@radix-ui/themes';
import { useCallback, useMemo, useState } from 'react';
import { columnLabel, type HeadColumn } from './table-head';
import { useStaffId } from './record-scope';
import { keepChoice, readKeptChoice } from '../kept-choice';

const choiceName = (list: string) => `columns.${list}`;

/** The labels kept chosen off, or none when nothing (or nothing readable) is kept. */
export function readChosenOff(staff: number | null, list: string): string[] {
  try {
    const kept: unknown = JSON.parse(readKeptChoice(staff, choiceName(list)) ?? '[]');
    return Array.isArray(kept) ? kept.filter((k): k is string => typeof k === 'string') : [];
  } catch {
    return [];
  }
}

function keepChosenOff(staff: number | null, list: string, off: readonly string[]): void {
  if (staff !== null) keepChoice(staff, choiceName(list), off.length ? JSON.stringify(off) : null);
}

export interface ColumnChoice {
  list: string;
  /** The columns that may be chosen off (every labelled one but the first). */
  choosable: readonly string[];
  chosenOff: ReadonlySet<string>;
  toggle(label: string): void;
}

/** A list's chosen columns for the signed-in staff member, read once and kept on each change. */
export function useColumnChoice(list: string, columns: readonly HeadColumn[]): ColumnChoice {
  const staff = useStaffId();
  const labels = columns.filter((c) => c !== null && !(typeof c !== 'string' && c.hiddenLabel)).map(columnLabel);
  const choosable = labels.slice(1);
  const choosableKey = choosable.join('\u0000');
  const [off, setOff] = useState(() => readChosenOff(staff, list));
  const [readFor, setReadFor] = useState(staff);
  if (readFor !== staff) {
    // Signed in as someone else in this tab: their choice, not the last one's.
    setReadFor(staff);
    setOff(readChosenOff(staff, list));
  }
  const chosenOff = useMemo(
    () => new Set(off.filter((label) => choosableKey.split('\u0000').includes(label))),
    [off, choosableKey],
  );
  const toggle = useCallback(
    (label: string) =>
      setOff((was) => {
        const next = was.includes(label) ? was.filter((l) => l !== label) : [...was, label];
        keepChosenOff(staff, list, next);
        return next;
      }),
    [staff, list],
  );
  return { list, choosable, chosenOff, toggle };
}

/** The toolbar's Columns menu: one tick a column. */
export function ColumnChooser({ choice, size = '2' }: { choice: ColumnChoice; size?: '1' | '2' }) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger>
        <Button size={size} variant="soft" color="gray">
          Columns <DropdownMenu.TriggerIcon />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content>
        {choice.choosable.map((label) => (
          <DropdownMenu.CheckboxItem
            key={label}
            checked={!choice.chosenOff.has(label)}
            onSelect={(e) => e.preventDefault()}
            onCheckedChange={() => choice.toggle(label)}
          >
            {label}
          </DropdownMenu.CheckboxItem>
        ))}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
