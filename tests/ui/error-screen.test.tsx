import { Theme } from '@radix-ui/themes';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../src/domain/auth';
import { ErrorBoundary } from '../../src/ui/error/error-boundary';

function Broken(): never {
  throw new Error('the widget fell over');
}

function renderBroken(showDetails: boolean) {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  render(
    <Theme>
      <ErrorBoundary showDetails={showDetails}>
        <Broken />
      </ErrorBoundary>
    </Theme>,
  );
}

describe('error screen', () => {
  it('shows details outside production', () => {
    renderBroken(true);
    expect(screen.getByRole('heading', { name: MESSAGES.renderFailure })).toBeVisible();
    expect(screen.getByText('Error: the widget fell over')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeEnabled();
  });

  it('hides details in production', () => {
    renderBroken(false);
    expect(screen.getByRole('heading', { name: MESSAGES.renderFailure })).toBeVisible();
    expect(screen.queryByText(/the widget fell over/)).toBeNull();
  });
});
