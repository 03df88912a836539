// Where focus goes and what the document is called: a dialog opened by state gives focus back to
// the button that opened it (Radix alone gave it to the body), a confirmation takes focus as it
// opens, and a page's title names its record, its section and the console.
import { Theme } from '@radix-ui/themes';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { pageTitle } from '../../src/ui/page-arrival';
import { ConfirmDialog } from '../../src/ui/shared/confirm-dialog';
import { FormDialog } from '../../src/ui/shared/form-dialog';

afterEach(cleanup);

/** A page whose dialog opens by state, as the sections' do: no Radix trigger. */
function Page({ kind }: { kind: 'form' | 'confirm' }) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <Theme>
      <main>
        <h2>Roles</h2>
        <button onClick={() => setOpen(true)}>Edit Analyst</button>
        {kind === 'form' ? (
          <FormDialog
            open={open}
            title="Edit role"
            description="Its name."
            formLabel="Role"
            onSubmit={close}
            onCancel={close}
            saving={false}
          >
            <input aria-label="Name" />
          </FormDialog>
        ) : (
          <ConfirmDialog open={open} title="Delete Analyst?" action="Delete" onConfirm={close} onCancel={close}>
            The role goes.
          </ConfirmDialog>
        )}
      </main>
    </Theme>
  );
}

describe('dialog focus', () => {
  it('a form dialog gives focus back to the button that opened it', async () => {
    const user = userEvent.setup();
    render(<Page kind="form" />);
    const opener = screen.getByRole('button', { name: 'Edit Analyst' });
    await user.click(opener);
    await screen.findByRole('dialog', { name: 'Edit role' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('a confirmation takes focus on its first button and gives it back on Escape', async () => {
    const user = userEvent.setup();
    render(<Page kind="confirm" />);
    const opener = screen.getByRole('button', { name: 'Edit Analyst' });
    await user.click(opener);
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Analyst?' });
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());
  });
});

describe('page titles', () => {
  it('name the record, the section and the console', () => {
    expect(pageTitle('/user_list/42', 'Jane Doe')).toBe('Jane Doe · All Users · Staff Console');
    expect(pageTitle('/user_list', 'All Users')).toBe('All Users · Staff Console');
    expect(pageTitle('/workflows/login', 'Login')).toBe('Login · Workflows · Staff Console');
    expect(pageTitle('/no/such/page', 'Page not found')).toBe('Page not found · Staff Console');
    expect(pageTitle('/reports_dashboard', null)).toBe('Reports Dashboard · Staff Console');
  });
});
