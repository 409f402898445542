import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, NetworkError, onUnauthorized } from '@/lib/api';
import { customerSession, employeeSession } from '@/lib/session';

const user = { id: 'u1', email: 'a@example.com', name: 'A', role: 'user' as const, created_at: '', updated_at: '' };

function answer(status: number, body: unknown) {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(body), { status })));
}

afterEach(() => vi.unstubAllGlobals());

describe('the api client', () => {
  it('ends only the rejected session on a 401 and tells the listeners which one', async () => {
    customerSession.save('customer-token', user);
    employeeSession.save('employee-token');
    const heard: string[] = [];
    const stop = onUnauthorized((auth) => heard.push(auth));
    answer(401, { message: 'expired' });
    await expect(api('/api/user/bookings', { auth: 'customer' })).rejects.toBeInstanceOf(ApiError);
    expect(customerSession.token()).toBeNull();
    expect(employeeSession.token()).toBe('employee-token');
    await expect(api('/api/employee/profile', { auth: 'employee' })).rejects.toThrow('expired');
    expect(employeeSession.token()).toBeNull();
    expect(heard).toEqual(['customer', 'employee']);
    stop();
  });

  it('leaves sessions alone for a 401 on an unauthenticated call (a wrong password)', async () => {
    customerSession.save('customer-token', user);
    answer(401, { message: 'Invalid email or password' });
    await expect(api('/api/auth/user/login', { method: 'POST', json: {} })).rejects.toThrow('Invalid email or password');
    expect(customerSession.token()).toBe('customer-token');
  });

  it('sends the bearer token read at call time and the idempotency key', async () => {
    customerSession.save('fresh-token', user);
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response('{"success":true}', { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    await api('/api/contact', { method: 'POST', auth: 'customer', json: { a: 1 }, idempotencyKey: 'k-1' });
    const headers = fetchMock.mock.calls[0][1]?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer fresh-token');
    expect(headers['Idempotency-Key']).toBe('k-1');
  });

  it('sends the same random client id with every Idempotency-Key (its scope for a visitor), and none without one', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response('{"success":true}', { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    await api('/api/contact', { method: 'POST', json: { a: 1 }, idempotencyKey: 'k-1' });
    await api('/api/enquiry', { method: 'POST', json: { a: 2 }, idempotencyKey: 'k-2' });
    await api('/api/blog-posts');
    const sent = fetchMock.mock.calls.map((c) => (c[1]?.headers as Record<string, string>)['X-Client-Id']);
    expect(sent[0]).toMatch(/^[\w-]{16,100}$/);
    expect(sent[1]).toBe(sent[0]);
    expect(sent[2]).toBeUndefined();
    expect(localStorage.getItem('clientId')).toBe(sent[0]);
  });

  it('turns a failed connection into a NetworkError', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(api('/api/blog-posts')).rejects.toBeInstanceOf(NetworkError);
  });
});
