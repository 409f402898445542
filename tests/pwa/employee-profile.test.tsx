// Employee profile: the three password messages, what is sent, and a visible failure.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, portalServer, renderPortal, signInEmployee, testEmployee } from './employee-render';

afterEach(() => vi.unstubAllGlobals());

async function openEditor() {
  const user = userEvent.setup();
  renderPortal('/employee/profile');
  await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
  return user;
}

const save = () => screen.getByRole('button', { name: 'Save Changes' });

describe('employee profile', () => {
  it('shows the account facts: read-only e-mail, Active, Service Professional, Verified', async () => {
    signInEmployee();
    mockFetch(portalServer());
    renderPortal('/employee/profile');
    expect(await screen.findByText('Service Professional')).toBeTruthy();
    expect(screen.getByText('✓ Verified')).toBeTruthy();
    expect(screen.getAllByText('Active').length).toBeGreaterThan(0);
    expect((screen.getByLabelText('Email') as HTMLInputElement).readOnly).toBe(true);
  });

  it('shows Inactive when is_active is false', async () => {
    signInEmployee();
    mockFetch(portalServer({ 'GET /api/employee/profile': () => ({ status: 200, body: { success: true, employee: { ...testEmployee, is_active: false } } }) }));
    renderPortal('/employee/profile');
    expect((await screen.findAllByText('Inactive')).length).toBeGreaterThan(0);
  });

  it('enforces the three password rules with the spec messages and sends nothing until they pass', async () => {
    signInEmployee();
    const calls = mockFetch(
      portalServer({
        'PUT /api/employee/profile': (call) => ({
          status: 200,
          body: {
            success: true,
            employee: { ...testEmployee, ...(call.body as object) },
            token: 'fresh-token',
            message: 'Profile and password updated successfully!',
          },
        }),
      }),
    );
    const user = await openEditor();
    const current = screen.getByLabelText('Current password');
    const next = screen.getByLabelText('New password');
    const confirm = screen.getByLabelText('Confirm new password');

    await user.type(current, 'oldpass1');
    await user.click(save());
    expect(await screen.findByText('Please fill in all password fields to change your password.')).toBeTruthy();

    await user.type(next, 'newpass1');
    await user.type(confirm, 'newpass2');
    await user.click(save());
    expect(await screen.findByText('New password and confirm password do not match.')).toBeTruthy();

    await user.clear(next);
    await user.clear(confirm);
    await user.type(next, 'abc');
    await user.type(confirm, 'abc');
    await user.click(save());
    expect(await screen.findByText('New password must be at least 6 characters long.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.clear(next);
    await user.clear(confirm);
    await user.type(next, 'abcdef');
    await user.type(confirm, 'abcdef');
    await user.click(save());
    expect(await screen.findByText('Profile and password updated successfully!')).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toMatchObject({
      name: testEmployee.name,
      currentPassword: 'oldpass1',
      newPassword: 'abcdef',
      confirmPassword: 'abcdef',
      has_own_car: true,
    });
    // The password change ended every earlier token: this device keeps working with the new one.
    expect(localStorage.getItem('employeeToken')).toBe('fresh-token');
  });

  it('sends no password fields when only the profile changes', async () => {
    signInEmployee();
    const calls = mockFetch(
      portalServer({
        'PUT /api/employee/profile': (call) => ({ status: 200, body: { success: true, employee: { ...testEmployee, ...(call.body as object) } } }),
      }),
    );
    const user = await openEditor();
    const name = screen.getByLabelText('Full name');
    await user.clear(name);
    await user.type(name, 'Grace B. Hopper');
    await user.click(save());
    expect(await screen.findByText('Profile updated successfully!')).toBeTruthy();
    const body = calls.find((c) => c.method === 'PUT')?.body as Record<string, unknown>;
    expect(body.name).toBe('Grace B. Hopper');
    expect(body).not.toHaveProperty('currentPassword');
  });

  it('shows the failure instead of swallowing it (server message first)', async () => {
    signInEmployee();
    mockFetch(
      portalServer({
        'PUT /api/employee/profile': () => ({
          status: 400,
          body: { success: false, message: 'Current password is incorrect.', errors: { currentPassword: 'Current password is incorrect.' } },
        }),
      }),
    );
    const user = await openEditor();
    await user.type(screen.getByLabelText('Current password'), 'wrongpass');
    await user.type(screen.getByLabelText('New password'), 'abcdef');
    await user.type(screen.getByLabelText('Confirm new password'), 'abcdef');
    await user.click(save());
    // The notice, the field error and the toast all carry the server's words.
    expect((await screen.findAllByText('Current password is incorrect.')).length).toBeGreaterThanOrEqual(2);
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeTruthy();
  });

  it('shows the spec fallback when the server gives no message', async () => {
    signInEmployee();
    mockFetch(portalServer({ 'PUT /api/employee/profile': () => ({ status: 500, body: {} }) }));
    const user = await openEditor();
    await user.click(save());
    expect((await screen.findAllByText('Profile update failed')).length).toBeGreaterThanOrEqual(1);
  });
});
