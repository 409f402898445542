// The signed-in customer's menu: opens from its button, closes on Escape (focus back) or a click outside.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { UserMenu } from '@/app/layouts/UserMenu';
import { testUser } from './customer-render';

function setup() {
  const onSignOut = vi.fn();
  render(
    <MemoryRouter>
      <p>Outside</p>
      <UserMenu user={testUser} onSignOut={onSignOut} />
    </MemoryRouter>,
  );
  return { onSignOut, button: screen.getByRole('button', { name: /Account menu/ }) };
}

describe('customer user menu', () => {
  it('Escape closes it and puts focus back on its button', async () => {
    const user = userEvent.setup();
    const { button } = setup();
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'My Bookings' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: 'My Bookings' })).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('a click outside closes it; Sign Out asks first', async () => {
    const user = userEvent.setup();
    const { button, onSignOut } = setup();
    await user.click(button);
    await user.click(screen.getByText('Outside'));
    expect(screen.queryByRole('link', { name: 'My Profile' })).toBeNull();
    await user.click(button);
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(onSignOut).not.toHaveBeenCalled();
    expect(screen.getByText('Are you sure you want to sign out?')).toBeTruthy();
  });

  it('shows the first and last initials, as every avatar does', () => {
    render(
      <MemoryRouter>
        <UserMenu user={{ ...testUser, name: 'Mary Ann Smith' }} onSignOut={vi.fn()} />
      </MemoryRouter>,
    );
    const button = screen.getByRole('button', { name: /Account menu/ });
    expect(button.querySelector('.user-menu__avatar')?.textContent).toBe('MS');
  });
});
