// A section's outcome line is transient (spec §2): gone after 5 seconds or at the next click,
// kept while it is pointed at, and not shown again when its screen is drawn again.
import { Theme } from '@radix-ui/themes';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BANNER_MS } from '../../src/domain/constants';
import { noticeOf, type Notice } from '../../src/machines/shared/notice';
import { NoticeCallout } from '../../src/ui/shared/notice-callout';

function Screen({ first }: { first: Notice }) {
  const [notice, setNotice] = useState<Notice | null>(first);
  const [open, setOpen] = useState(true);
  return (
    <Theme>
      <button type="button" onClick={() => setNotice(noticeOf(true, 'User updated.'))}>
        Save
      </button>
      <button type="button" onClick={() => setOpen((o) => !o)}>
        Toggle
      </button>
      {open && <NoticeCallout notice={notice} label="Outcome" />}
    </Theme>
  );
}

const outcome = () => screen.queryByRole('status', { name: 'Outcome' });

async function settle() {
  await act(() => vi.advanceTimersByTimeAsync(1)); // the click watcher starts after the showing event
}

describe('a notice is transient', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('goes after five seconds', async () => {
    render(<Screen first={noticeOf(true, 'User updated.')} />);
    await settle();
    expect(outcome()).toHaveTextContent('User updated.');
    await act(() => vi.advanceTimersByTimeAsync(BANNER_MS - 10));
    expect(outcome()).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(outcome()).toBeNull();
  });

  it('goes at the next click, and a new outcome shows again', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<Screen first={noticeOf(false, 'Error: 500')} />);
    await settle();
    expect(screen.getByRole('status', { name: 'Outcome' })).toHaveTextContent('Error: 500');
    await user.click(screen.getByRole('button', { name: 'Toggle' }));
    await user.click(screen.getByRole('button', { name: 'Toggle' }));
    expect(outcome()).toBeNull(); // drawn again, the message that went stays gone
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await settle();
    expect(outcome()).toHaveTextContent('User updated.');
    expect(outcome()!.getAttribute('data-accent-color')).toBe('blue');
  });

  it('stays while it is pointed at, then has its five seconds again', async () => {
    render(<Screen first={noticeOf(true, 'User updated.')} />);
    await settle();
    fireEvent.pointerEnter(outcome()!);
    await act(() => vi.advanceTimersByTimeAsync(BANNER_MS * 3));
    expect(outcome()).toHaveTextContent('User updated.');
    fireEvent.pointerLeave(outcome()!);
    await act(() => vi.advanceTimersByTimeAsync(BANNER_MS - 10));
    expect(outcome()).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(outcome()).toBeNull();
  });
});
