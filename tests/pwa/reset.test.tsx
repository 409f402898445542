// Password reset: the errorType → display mapping, and the two dialogs using it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import LoginPage from '@/features/auth/LoginPage';
import { resetErrorDisplay } from '@/components/password-reset/resetErrors';
import { resetErrorFrom } from '@/components/password-reset/resetErrorFrom';
import { ApiError, NetworkError } from '@/lib/api';
import { MSG, RESET_ERROR_TITLES } from '@shared/messages';
import { API_MSG } from '@shared/messages-api';
import { COMPANY_DEFAULTS, telHref } from '@shared/company';
import { mockFetch, renderAt } from './customer-render';

afterEach(() => vi.unstubAllGlobals());

describe('reset error displays (pure)', () => {
  const cases: Array<[string, string, string[]]> = [
    ['user_not_found', 'Account Not Found', ['Create New Account', 'Try Different Email']],
    ['account_blocked', 'Account Blocked', ['Contact Support']],
    ['otp_pending', 'Request Already Pending', ['Check Your Email', 'Wait and Try Again']],
    ['invalid_otp', 'Invalid OTP', ['Request New OTP', 'Try Again']],
    ['otp_expired', 'OTP Expired', ['Request New OTP', 'Try Again']],
    ['no_reset_request', 'No Reset Request', ['Request New OTP', 'Try Again']],
    ['network_error', 'Connection Error', ['Try Again']],
    ['unknown', 'Error', ['Try Again']],
  ];
  it.each(cases)('%s → %s with %j', (type, title, actions) => {
    const d = resetErrorDisplay(type, 'server words');
    expect(d.title).toBe(title);
    expect(d.actions.map((a) => a.label)).toEqual(actions);
  });

  it('routes Create New Account to /signup and Contact Support to /contact', () => {
    expect(resetErrorDisplay('user_not_found', 'x').actions[0].to).toBe('/signup');
    expect(resetErrorDisplay('account_blocked', 'x').actions[0].to).toBe('/contact');
  });

  it('keeps the server message, but network errors always say to check the connection', () => {
    expect(resetErrorDisplay('invalid_otp', 'Invalid OTP').message).toBe('Invalid OTP');
    expect(resetErrorDisplay('network_error', 'whatever').message).toBe(MSG.networkCheckConnection);
  });

  it('treats an unrecognised or missing errorType as unknown', () => {
    expect(resetErrorDisplay('martian', 'm').title).toBe(RESET_ERROR_TITLES.unknown);
    expect(resetErrorDisplay(undefined, 'm').type).toBe('unknown');
  });

  it('builds the display from a thrown error, falling back to the spec message', () => {
    expect(resetErrorFrom(new NetworkError(), MSG.sendResetFailed)).toMatchObject({ title: 'Connection Error', message: MSG.networkCheckConnection });
    expect(resetErrorFrom(new ApiError(404, 'No account found.', { errorType: 'user_not_found' }), MSG.sendResetFailed)).toMatchObject({
      title: 'Account Not Found',
      message: 'No account found.',
    });
    expect(resetErrorFrom(new ApiError(500, undefined, {}), MSG.resetFailed)).toMatchObject({ title: 'Error', message: MSG.resetFailed });
    expect(resetErrorFrom(new Error('weird'), MSG.sendResetFailed).message).toBe(MSG.sendResetFailed);
  });
});

describe('reset dialogs', () => {
  async function openReset(user: ReturnType<typeof userEvent.setup>) {
    renderAt(<LoginPage />, '/login');
    await user.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    // The dialogs load when asked for.
    return screen.findByRole('dialog', { name: 'Send OTP' });
  }

  it('user_not_found shows its title and actions; Try Different Email clears the e-mail', async () => {
    const user = userEvent.setup();
    mockFetch(() => ({ status: 404, body: { success: false, message: 'No account found with this email address.', errorType: 'user_not_found' } }));
    const dialog = await openReset(user);
    await user.type(within(dialog).getByLabelText('Email'), 'nobody@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send OTP' }));
    expect(await within(dialog).findByText('Account Not Found')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Create New Account' }).getAttribute('href')).toBe('/signup');
    await user.click(within(dialog).getByRole('button', { name: 'Try Different Email' }));
    expect((within(dialog).getByLabelText('Email') as HTMLInputElement).value).toBe('');
    expect(within(dialog).queryByText('Account Not Found')).toBeNull();
  });

  it('account_blocked offers Contact Support; network failure shows Connection Error', async () => {
    const user = userEvent.setup();
    let mode: 'blocked' | 'network' = 'blocked';
    mockFetch(() => (mode === 'network' ? 'network' : { status: 403, body: { success: false, message: 'Blocked.', errorType: 'account_blocked' } }));
    const dialog = await openReset(user);
    await user.type(within(dialog).getByLabelText('Email'), 'b@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send OTP' }));
    expect(await within(dialog).findByText('Account Blocked')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Contact Support' }).getAttribute('href')).toBe('/contact');
    // …and the company's own phone and e-mail (its settings), not just "contact support".
    expect(within(dialog).getByRole('link', { name: COMPANY_DEFAULTS.phone }).getAttribute('href')).toBe(telHref(COMPANY_DEFAULTS.phone));
    expect(within(dialog).getByRole('link', { name: COMPANY_DEFAULTS.email }).getAttribute('href')).toBe(`mailto:${COMPANY_DEFAULTS.email}`);
    mode = 'network';
    await user.click(within(dialog).getByRole('button', { name: 'Send OTP' }));
    expect(await within(dialog).findByText('Connection Error')).toBeTruthy();
    expect(within(dialog).getByText(MSG.networkCheckConnection)).toBeTruthy();
  });

  it('second dialog: validates the form, shows invalid_otp with Request New OTP, then succeeds and closes', async () => {
    const user = userEvent.setup();
    let otpOk = false;
    const calls = mockFetch((c) => {
      if (c.path === '/api/user/forgot-password') return { status: 200, body: { success: true, message: MSG.otpSent } };
      if (otpOk) return { status: 200, body: { success: true, message: MSG.passwordResetDone } };
      return { status: 400, body: { success: false, message: 'Invalid OTP', errorType: 'invalid_otp' } };
    });
    const first = await openReset(user);
    await user.type(within(first).getByLabelText('Email'), 'Ada@example.com');
    await user.click(within(first).getByRole('button', { name: 'Send OTP' }));
    const second = await screen.findByRole('dialog', { name: 'Enter OTP and new password' });
    expect(within(second).getByText(MSG.otpSent)).toBeTruthy();
    const otp = within(second).getByLabelText('OTP code') as HTMLInputElement;
    await user.type(otp, '12a34b5678');
    expect(otp.value).toBe('123456');
    await user.type(within(second).getByLabelText('New password'), 'abc');
    await user.type(within(second).getByLabelText('Confirm new password'), 'abd');
    await user.click(within(second).getByRole('button', { name: 'Reset Password' }));
    expect(within(second).getByText(MSG.resetPasswordsDontMatch)).toBeTruthy();
    await user.clear(within(second).getByLabelText('Confirm new password'));
    await user.type(within(second).getByLabelText('Confirm new password'), 'abc');
    await user.click(within(second).getByRole('button', { name: 'Reset Password' }));
    expect(within(second).getByText(MSG.resetPasswordTooShort)).toBeTruthy();
    for (const label of ['New password', 'Confirm new password']) {
      await user.clear(within(second).getByLabelText(label));
      await user.type(within(second).getByLabelText(label), 'newpass1');
    }
    await user.click(within(second).getByRole('button', { name: 'Reset Password' }));
    expect(await within(second).findByText('Invalid OTP', { selector: 'strong' })).toBeTruthy();
    expect(within(second).getByRole('button', { name: 'Request New OTP' })).toBeTruthy();
    otpOk = true;
    await user.click(within(second).getByRole('button', { name: 'Try Again' }));
    await user.click(within(second).getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(MSG.passwordResetDone)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.at(-1)).toMatchObject({
      path: '/api/user/reset-password',
      body: { email: 'ada@example.com', otp: '123456', newPassword: 'newpass1', confirmPassword: 'newpass1' },
    });
  });

  it('otp_pending: Check Your Email moves on to the code dialog', async () => {
    const user = userEvent.setup();
    mockFetch(() => ({ status: 429, body: { success: false, message: 'A reset code was sent less than 30 seconds ago.', errorType: 'otp_pending' } }));
    const dialog = await openReset(user);
    await user.type(within(dialog).getByLabelText('Email'), 'a@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send OTP' }));
    expect(await within(dialog).findByText('Request Already Pending')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Wait and Try Again' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Check Your Email' }));
    expect(screen.getByRole('dialog', { name: 'Enter OTP and new password' })).toBeTruthy();
  });
});

describe('blocked account at sign-in', () => {
  it("gives the company's phone and e-mail after the server's refusal", async () => {
    const user = userEvent.setup();
    mockFetch((
      call,
    ) => (call.path === '/api/auth/user/login'
      ? { status: 403, body: { success: false, message: API_MSG.accountBlocked } }
      : { status: 200, body: { success: true } })
    );
    renderAt(<LoginPage />, '/login');
    await user.type(screen.getByLabelText('Email'), 'b@example.com');
    await user.type(screen.getByLabelText('Password'), 'Password1!');
    await user.click(screen.getByRole('button', { name: /sign in|log in|login/i }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(API_MSG.accountBlocked);
    expect(within(alert).getByRole('link', { name: COMPANY_DEFAULTS.phone }).getAttribute('href')).toBe(telHref(COMPANY_DEFAULTS.phone));
    expect(within(alert).getByRole('link', { name: COMPANY_DEFAULTS.email }).getAttribute('href')).toBe(`mailto:${COMPANY_DEFAULTS.email}`);
  });
});
