// Signup steps: validation messages from the shared schemas, Back, Change Email,
// the OTP calls and their error texts, and the redirect after success.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import SignupPage from '@/features/auth/SignupPage';
import { MSG } from '@shared/messages';
import { mockFetch, renderAt, testUser } from './customer-render';

afterEach(() => vi.unstubAllGlobals());

const next = () => screen.getByRole('button', { name: 'Next Step' });

async function toStep3(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Full name'), 'Ada Lovelace');
  await user.type(screen.getByLabelText('Email'), 'Ada@Example.com');
  await user.click(next());
  await screen.findByText(/Step 2 of 3/);
  await user.type(screen.getByLabelText('Password'), 'secret1');
  await user.type(screen.getByLabelText('Confirm password'), 'secret1');
  await user.click(next());
  await screen.findByText(/Step 3 of 3/);
}

describe('signup', () => {
  it('step 1 shows the name and e-mail messages and sends no code until they are valid', async () => {
    const user = userEvent.setup();
    const calls = mockFetch(() => ({ status: 200, body: { success: true } }));
    renderAt(<SignupPage />, '/signup');
    expect(screen.getByText(/Step 1 of 3/)).toBeTruthy();
    await user.click(next());
    // Validation loads on first input or submit: the errors follow it.
    expect(await screen.findByText(MSG.nameRequired)).toBeTruthy();
    expect(screen.getByText(MSG.emailRequired)).toBeTruthy();
    await user.type(screen.getByLabelText('Full name'), 'Ada');
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(next());
    expect(await screen.findByText(MSG.emailInvalid)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('shows the server message when the code cannot be sent (e.g. already registered)', async () => {
    const user = userEvent.setup();
    mockFetch(() => ({ status: 409, body: { success: false, message: 'An account with this email already exists. Please log in instead.' } }));
    renderAt(<SignupPage />, '/signup');
    await user.type(screen.getByLabelText('Full name'), 'Ada');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(next());
    expect(await screen.findByText('An account with this email already exists. Please log in instead.')).toBeTruthy();
    expect(screen.getByText(/Step 1 of 3/)).toBeTruthy();
  });

  it("says 'Error sending OTP' when the network fails", async () => {
    const user = userEvent.setup();
    mockFetch(() => 'network');
    renderAt(<SignupPage />, '/signup');
    await user.type(screen.getByLabelText('Full name'), 'Ada');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(next());
    expect(await screen.findByText(MSG.sendOtpError)).toBeTruthy();
  });

  it('step 2 checks the password rules; Back goes one step down', async () => {
    const user = userEvent.setup();
    const calls = mockFetch(() => ({ status: 200, body: { success: true } }));
    renderAt(<SignupPage />, '/signup');
    await user.type(screen.getByLabelText('Full name'), 'Ada');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(next());
    await screen.findByText(/Step 2 of 3/);
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/send-otp', body: { email: 'ada@example.com' } });
    await user.click(next());
    expect(screen.getByText(MSG.passwordRequired)).toBeTruthy();
    await user.type(screen.getByLabelText('Password'), 'abc');
    await user.click(next());
    expect(screen.getByText(MSG.passwordTooShort)).toBeTruthy();
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm password'), 'secret2');
    await user.click(next());
    expect(screen.getByText(MSG.passwordsDontMatch)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText(/Step 1 of 3/)).toBeTruthy();
    expect((screen.getByLabelText('Full name') as HTMLInputElement).value).toBe('Ada');
  });

  it('step 3: code required, max 6; Change Email clears the code and returns to step 1', async () => {
    const user = userEvent.setup();
    mockFetch(() => ({ status: 200, body: { success: true } }));
    renderAt(<SignupPage />, '/signup');
    await toStep3(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByText(MSG.otpRequired)).toBeTruthy();
    const code = screen.getByLabelText('Verification code') as HTMLInputElement;
    await user.type(code, '12345678');
    expect(code.value).toBe('123456');
    await user.click(screen.getByRole('button', { name: 'Change Email' }));
    expect(screen.getByText(/Step 1 of 3/)).toBeTruthy();
    await user.click(next());
    await screen.findByText(/Step 2 of 3/);
    await user.click(next());
    await screen.findByText(/Step 3 of 3/);
    expect((screen.getByLabelText('Verification code') as HTMLInputElement).value).toBe('');
  });

  it('Resend code says so; a wrong code shows the server message', async () => {
    const user = userEvent.setup();
    mockFetch((
      c,
    ) => (c.path === '/api/verify-otp' ? { status: 400, body: { success: false, message: MSG.invalidOtp } } : { status: 200, body: { success: true } }));
    renderAt(<SignupPage />, '/signup');
    await toStep3(user);
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText(MSG.otpResent)).toBeTruthy();
    await user.type(screen.getByLabelText('Verification code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText(MSG.invalidOtp)).toBeTruthy();
  });

  it('Create Account verifies, signs up, stores the session and goes to /orders after 1.5 s', async () => {
    const user = userEvent.setup();
    const calls = mockFetch((c) =>
      c.path === '/api/auth/user/signup'
        ? { status: 201, body: { success: true, token: 'new-token', user: testUser, message: 'Account created successfully.' } }
        : { status: 200, body: { success: true } }
    );
    renderAt(<SignupPage />, '/signup');
    await toStep3(user);
    await user.type(screen.getByLabelText('Verification code'), '123456');
    const clicked = Date.now();
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText(MSG.signupSuccess)).toBeTruthy();
    expect(calls.map((c) => c.path)).toEqual(['/api/send-otp', '/api/verify-otp', '/api/auth/user/signup']);
    expect(calls[2].body).toEqual({ name: 'Ada Lovelace', email: 'ada@example.com', password: 'secret1' });
    expect(localStorage.getItem('token')).toBe('new-token');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/orders'), { timeout: 3000 });
    expect(Date.now() - clicked).toBeGreaterThanOrEqual(1400);
  });
});
