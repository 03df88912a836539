// The expiry date picker of spec §2: a text field (placeholder MM-dd-yyyy) that takes typing, and
// a calendar (react-day-picker) in a popover; dates up to 31 December 3000; the value is emitted
// as month-day-year text. Whether a typed value is a real date is the form's rule
// (src/domain/user-rules.ts parseExpiry), so the field passes on exactly what was typed.
import { Flex, IconButton, Popover, TextField } from '@radix-ui/themes';
import { useId, useState, type CSSProperties } from 'react';
import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import { MAX_EXPIRY, formatExpiry, parseExpiry, USER_FIELD_LIMITS, type CalendarDate } from '../../domain/user-rules';
import { described, FieldFrame } from '../form/field-frame';

export interface ExpiryPickerProps {
  /** MM-dd-yyyy, or '' for none. */
  value: string;
  onChange(value: string): void;
  label?: string;
  disabled?: boolean;
  /** What is wrong with the date, tied to the field. */
  error?: string | undefined;
  /** Why the field is locked, or how to fill it. */
  hint?: string | undefined;
}

const EARLIEST_YEAR = 1900;
const toLocalDate = (d: CalendarDate) => new Date(d.year, d.month - 1, d.day);
const fromLocalDate = (d: Date): CalendarDate => ({ year: d.getFullYear(), month: d.getMonth() + 1, day: d.getDate() });
const LAST_DAY = toLocalDate(MAX_EXPIRY);

/**
 * Wide enough for MM-dd-yyyy with the field's padding: `ch` measures one digit, and the text
 * field's own padding sits inside the width.
 */
const FIELD_WIDTH = 'calc(12ch + 2 * var(--space-3))';

export function ExpiryPicker({
  value,
  onChange,
  label = 'Expiry date',
  disabled = false,
  error,
  hint,
}: ExpiryPickerProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const selected = parseExpiry(value);
  const selectedDate = selected ? toLocalDate(selected) : undefined;

  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <Flex gap="2" align="center">
        <TextField.Root
          id={id}
          placeholder="MM-dd-yyyy"
          inputMode="numeric"
          autoComplete="off"
          maxLength={USER_FIELD_LIMITS.expiry_dt}
          value={value}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
          style={{ width: FIELD_WIDTH, flexShrink: 0 }}
          {...described(id, error, hint)}
        />
        <Popover.Root open={open && !disabled} onOpenChange={setOpen}>
          <Popover.Trigger>
            <IconButton
              type="button"
              variant="soft"
              color="gray"
              disabled={disabled}
              aria-label={`Choose ${label.toLowerCase()} from a calendar`}
            >
              <CalendarIcon />
            </IconButton>
          </Popover.Trigger>
          <Popover.Content
            aria-label={`${label} calendar`}
            size="1"
            // The calendar's own stylesheet takes its colours from these; the theme's accent here.
            style={
              {
                width: 'auto',
                '--rdp-accent-color': 'var(--accent-9)',
                '--rdp-accent-background-color': 'var(--accent-a3)',
              } as CSSProperties
            }
          >
            <DayPicker
              mode="single"
              selected={selectedDate}
              defaultMonth={selectedDate ?? new Date()}
              startMonth={new Date(EARLIEST_YEAR, 0)}
              endMonth={LAST_DAY}
              disabled={{ after: LAST_DAY }}
              captionLayout="dropdown"
              onSelect={(day) => {
                if (day) onChange(formatExpiry(fromLocalDate(day)));
                setOpen(false);
              }}
            />
          </Popover.Content>
        </Popover.Root>
      </Flex>
    </FieldFrame>
  );
}

function CalendarIcon() {
  return (
    <svg
      width="15"
      height="15"
      viewBox="0 0 15 15"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.2"
    >
      <rect x="1.5" y="2.5" width="12" height="11" rx="1" />
      <path d="M1.5 6h12M4.5 1v3M10.5 1v3" />
    </svg>
  );
}
