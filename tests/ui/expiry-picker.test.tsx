// The expiry picker on its own: typing passes through, the calendar emits month-day-year, and
// nothing after 31 December 3000 can be picked.
import { Theme } from '@radix-ui/themes';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ExpiryPicker } from '../../src/ui/expiry-picker/expiry-picker';

function Harness({ initial, onChange }: { initial: string; onChange: (v: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <Theme>
      <ExpiryPicker
        label="Expiry"
        value={value}
        onChange={(v) => {
          setValue(v);
          onChange(v);
        }}
      />
    </Theme>
  );
}

describe('ExpiryPicker', () => {
  it('passes typed text on as it is, under the MM-dd-yyyy placeholder', async () => {
    const onChange = vi.fn();
    render(<Harness initial="" onChange={onChange} />);
    const field = screen.getByRole('textbox', { name: 'Expiry' });
    expect(field).toHaveAttribute('placeholder', 'MM-dd-yyyy');
    await userEvent.type(field, '02-29-2028');
    expect(field).toHaveValue('02-29-2028');
    expect(onChange).toHaveBeenLastCalledWith('02-29-2028');
  });

  it('opens a calendar on the chosen month and emits the picked day as month-day-year', async () => {
    const onChange = vi.fn();
    render(<Harness initial="03-15-2027" onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Choose expiry from a calendar' }));
    const calendar = await screen.findByRole('dialog', { name: 'Expiry calendar' });
    expect(within(calendar).getByRole('grid')).toHaveAccessibleName(/March 2027/);
    await userEvent.click(within(calendar).getByRole('button', { name: /March 20th, 2027/ }));
    expect(onChange).toHaveBeenLastCalledWith('03-20-2027');
    expect(screen.getByRole('textbox', { name: 'Expiry' })).toHaveValue('03-20-2027');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers December 3000 as the last month and its 31st as the last day', async () => {
    render(<Harness initial="12-30-3000" onChange={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Choose expiry from a calendar' }));
    const calendar = await screen.findByRole('dialog', { name: 'Expiry calendar' });
    expect(within(calendar).getByRole('button', { name: /December 31st, 3000/ })).toBeEnabled();
    expect(within(calendar).getByRole('button', { name: /next month/i })).toHaveAttribute('aria-disabled', 'true');
  });
});
