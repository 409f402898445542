// Profile (/profile) and Google profile (/profileg): edit/cancel, name rules, messages, activity figures,
// and the local-only Google edits.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ProfilePage from '@/features/profile/ProfilePage';
import GoogleProfilePage from '@/features/profile/GoogleProfilePage';
import { MSG } from '@shared/messages';
import { CUSTOMER_MSG } from '@shared/messages-customer';
import { mockFetch, renderAt, signInAs, testUser } from './customer-render';

afterEach(() => vi.unstubAllGlobals());

// A loaded shared machine can take more than 5 s for a page's lazy load plus many keystrokes.
vi.setConfig({ testTimeout: 20_000 });

describe('profile', () => {
  it('edits, cancels back to the stored values, requires a name, and saves', async () => {
    signInAs();
    const user = userEvent.setup();
    const calls = mockFetch((c) => {
      if (c.method === 'PUT') return { status: 200, body: { success: true, user: { ...testUser, ...(c.body as object) }, message: MSG.profileUpdated } };
      return { status: 200, body: { success: true, user: testUser } };
    });
    renderAt(<ProfilePage />, '/profile');
    const name = (await screen.findByLabelText('Full name')) as HTMLInputElement;
    expect(name.readOnly).toBe(true);
    expect((screen.getByLabelText('Email') as HTMLInputElement).readOnly).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), '0123');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect((screen.getByLabelText('Phone') as HTMLInputElement).value).toBe(testUser.phone);
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await user.clear(screen.getByLabelText('Full name'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByText(MSG.nameRequired)).toBeTruthy();
    await user.type(screen.getByLabelText('Full name'), 'Ada King');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(MSG.profileUpdated)).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ name: 'Ada King', phone: testUser.phone, address: testUser.address });
    expect(JSON.parse(localStorage.getItem('user')!).name).toBe('Ada King');
  });

  it("shows 'Could not update profile.' when the server cannot be reached", async () => {
    signInAs();
    const user = userEvent.setup();
    mockFetch((c) => (c.method === 'PUT' ? 'network' : { status: 200, body: { user: testUser } }));
    renderAt(<ProfilePage />, '/profile');
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(CUSTOMER_MSG.profileUpdateError)).toBeTruthy();
  });

  it('shows the Activity figures', async () => {
    signInAs();
    const user = userEvent.setup();
    mockFetch((
      c,
    ) => (c.path === '/api/user/dashboard'
      ? { status: 200, body: { stats: { totalBookings: 7, pendingBookings: 4, completedBookings: 2 } } }
      : { status: 200, body: { user: testUser } })
    );
    renderAt(<ProfilePage />, '/profile');
    await user.click(await screen.findByRole('tab', { name: 'Activity' }));
    expect(await screen.findByText('7')).toBeTruthy();
    expect(screen.getByText('Total Bookings')).toBeTruthy();
    expect(screen.getByText('Member Since')).toBeTruthy();
    expect(screen.getByText('5 January 2026')).toBeTruthy();
  });

  it("shows 'Unable to load profile' when the profile cannot be loaded", async () => {
    signInAs();
    // The start-up session check succeeds; the page's own load then fails.
    let n = 0;
    mockFetch(() => (n++ === 0 ? { status: 200, body: { user: testUser } } : { status: 500 }));
    renderAt(<ProfilePage />, '/profile');
    expect(await screen.findByText(CUSTOMER_MSG.profileUnavailable)).toBeTruthy();
    expect(screen.getByText(CUSTOMER_MSG.profileLoadFailed)).toBeTruthy();
  });

  it("shows You're not logged in without a user", () => {
    mockFetch(() => ({ status: 401 }));
    renderAt(<ProfilePage />, '/profile');
    expect(screen.getByText(CUSTOMER_MSG.notLoggedIn)).toBeTruthy();
  });
});

describe('Google profile', () => {
  it('asks for a Google login without an e-mail', () => {
    renderAt(<GoogleProfilePage />, '/profileg');
    expect(screen.getByText(CUSTOMER_MSG.googleNotLoggedIn)).toBeTruthy();
    expect(screen.getByText(CUSTOMER_MSG.googleLoginPrompt)).toBeTruthy();
  });

  it('refuses an empty name and keeps a new name and photo in local storage only', async () => {
    localStorage.setItem('email', 'g@example.com');
    localStorage.setItem('name', 'Grace');
    const calls = mockFetch(() => ({ status: 200, body: {} }));
    const user = userEvent.setup();
    renderAt(<GoogleProfilePage />, '/profileg');
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await user.clear(screen.getByLabelText('Name'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByText(CUSTOMER_MSG.nameCannotBeEmpty)).toBeTruthy();
    await user.type(screen.getByLabelText('Name'), 'Grace Hopper');
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Change photo'), file);
    await vi.waitFor(() => expect(screen.getByRole('img').getAttribute('src')).toMatch(/^data:image\/png;base64,/));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(MSG.profileUpdated)).toBeTruthy();
    expect(localStorage.getItem('name')).toBe('Grace Hopper');
    expect(localStorage.getItem('picture')).toMatch(/^data:image\/png;base64,/);
    expect(calls).toHaveLength(0);
  });
});

describe('account data cache', () => {
  // The app's one query client (lib/queryClient) follows the session itself; AuthProvider no longer
  // carries TanStack Query, so the home page's first load does not either.
  it("drops the previous person's cached account data when someone else signs in", async () => {
    const { queryClient } = await import('@/lib/queryClient');
    const { customerSession } = await import('@/lib/session');
    customerSession.save('test-token', testUser);
    queryClient.setQueryData(['user', 'profile'], testUser);
    customerSession.saveUser({ ...testUser, name: 'Same Person Renamed' });
    expect(queryClient.getQueryData(['user', 'profile'])).toEqual(testUser);
    customerSession.save('other-token', { ...testUser, id: '64b000000000000000000099', email: 'bob@example.com', name: 'Bob' });
    expect(queryClient.getQueryData(['user', 'profile'])).toBeUndefined();
    queryClient.setQueryData(['user', 'profile'], { name: 'Bob' });
    customerSession.clear();
    expect(queryClient.getQueryData(['user', 'profile'])).toBeUndefined();
  });
});

// Customers could not change their password (staff could): the same rules, this device stays signed in.
describe('change password', () => {
  it('checks the confirmation and length, sends current and new, and keeps this device signed in with the new token', async () => {
    signInAs();
    const user = userEvent.setup();
    const calls = mockFetch((c) => {
      if (c.path === '/api/user/change-password') {
        const body = c.body as { currentPassword: string; };
        return body.currentPassword === 'right-one'
          ? { status: 200, body: { success: true, token: 'fresh-token', message: 'Password changed successfully.' } }
          : { status: 400, body: { success: false, message: 'Current password is incorrect.', errors: { currentPassword: 'Current password is incorrect.' } } };
      }
      return { status: 200, body: { success: true, user: { ...testUser, has_password: true } } };
    });
    renderAt(<ProfilePage />, '/profile');
    await screen.findByRole('heading', { name: 'Change password' });
    await user.type(screen.getByLabelText('Current password'), 'wrong-one');
    await user.type(screen.getByLabelText('New password'), 'new-pass-1');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-pass-2');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByText(MSG.passwordsDontMatch)).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/user/change-password')).toHaveLength(0);
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'new-pass-1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findAllByText('Current password is incorrect.')).length).toBeGreaterThan(0);
    expect(screen.getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true');
    expect(localStorage.getItem('token')).not.toBe('fresh-token');
    await user.clear(screen.getByLabelText('Current password'));
    await user.type(screen.getByLabelText('Current password'), 'right-one');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed successfully.')).toBeTruthy();
    expect(localStorage.getItem('token')).toBe('fresh-token');
    expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe('');
    const sent = calls.filter((c) => c.path === '/api/user/change-password');
    expect(sent.at(-1)?.body).toEqual({ currentPassword: 'right-one', newPassword: 'new-pass-1' });
  });

  it('an account made with Google and no password is told how to set one, not shown the form', async () => {
    signInAs();
    mockFetch(() => ({ status: 200, body: { success: true, user: { ...testUser, has_password: false } } }));
    renderAt(<ProfilePage />, '/profile');
    expect(await screen.findByText(CUSTOMER_MSG.googleNoPassword)).toBeTruthy();
    expect(screen.queryByLabelText('Current password')).toBeNull();
  });
});
