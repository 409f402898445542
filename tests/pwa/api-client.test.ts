import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, apiBlob, apiUpload, ApiError, errorMessage, NetworkError, onUnauthorized } from '@/lib/api';
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

  it("keeps the server's own message apart: serverMessage only when the answer carried one", async () => {
    answer(409, { message: 'That slot is taken.' });
    const said = await api('/api/contact', { method: 'POST', json: {} }).catch((e: unknown) => e);
    expect(said).toBeInstanceOf(ApiError);
    expect((said as ApiError).serverMessage).toBe('That slot is taken.');
    expect(errorMessage(said, 'fallback')).toBe('That slot is taken.');
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })));
    const silent = await api('/api/contact').catch((e: unknown) => e);
    expect(silent).toBeInstanceOf(ApiError);
    expect((silent as ApiError).status).toBe(502);
    expect((silent as ApiError).serverMessage).toBeUndefined();
    expect(errorMessage(silent, 'fallback')).toBe('fallback');
  });

  it('reads a file with the token and ends the session on a 401 through the same path as api()', async () => {
    employeeSession.save('employee-token');
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      new Response('bytes', { status: 200, headers: { 'Content-Disposition': 'attachment; filename="cv.pdf"' } })
    );
    vi.stubGlobal('fetch', fetchMock);
    const file = await apiBlob('/api/admin/cv/1', { auth: 'employee' });
    expect(await file.blob.text()).toBe('bytes');
    expect(file.headers.get('Content-Disposition')).toContain('cv.pdf');
    expect((fetchMock.mock.calls[0][1]?.headers as Record<string, string>).Authorization).toBe('Bearer employee-token');

    const heard: string[] = [];
    const stop = onUnauthorized((auth) => heard.push(auth));
    answer(401, { message: 'expired' });
    await expect(apiBlob('/api/employee/blog-posts/p1/image', { auth: 'employee' })).rejects.toThrow('expired');
    expect(employeeSession.token()).toBeNull();
    expect(heard).toEqual(['employee']);
    stop();
  });

  it('uploads with progress, and a 401 on an upload takes the same path as api()', async () => {
    class FakeXhr {
      static last: FakeXhr;
      headers: Record<string, string> = {};
      status = 0;
      responseText = '';
      upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number; }) => void) | null; } = { onprogress: null };
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      open() {}
      setRequestHeader(k: string, v: string) {
        this.headers[k] = v;
      }
      send() {
        FakeXhr.last = this;
      }
      finish(status: number, body: unknown) {
        this.status = status;
        this.responseText = JSON.stringify(body);
        this.onload?.();
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    customerSession.save('customer-token', user);
    employeeSession.save('employee-token');
    const seen: number[] = [];
    const ok = apiUpload('/api/employee/blog-posts', { method: 'POST', auth: 'employee', form: new FormData(), onProgress: (f) => seen.push(f) });
    expect(FakeXhr.last.headers.Authorization).toBe('Bearer employee-token');
    FakeXhr.last.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 4 });
    FakeXhr.last.finish(201, { blog_post: { id: 'x' } });
    await expect(ok).resolves.toEqual({ blog_post: { id: 'x' } });
    expect(seen).toEqual([0.25, 1]);

    const heard: string[] = [];
    const stop = onUnauthorized((auth) => heard.push(auth));
    const refused = apiUpload('/api/employee/blog-posts/p1', { method: 'PUT', auth: 'employee', form: new FormData() });
    FakeXhr.last.finish(401, { message: 'Please sign in to continue.' });
    const err = await refused.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).serverMessage).toBe('Please sign in to continue.');
    expect(employeeSession.token()).toBeNull();
    expect(customerSession.token()).toBe('customer-token');
    expect(heard).toEqual(['employee']);
    stop();
  });
});
