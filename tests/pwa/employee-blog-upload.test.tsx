// Blog saves go through XMLHttpRequest so the form can show upload progress; the request carries the
// employee token and the multipart fields, and a 401 clears the token.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { uploadWithProgress } from '@/features/employee/blog/upload';
import { fakeToken, mockFetch, portalServer, renderPortal, signInEmployee } from './employee-render';

/** A scripted XMLHttpRequest: the test decides when progress happens and how it ends. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number; }) => void) | null; } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.last = this;
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  finish(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeXhr.last = null;
});

describe('blog upload helper', () => {
  it('reports progress and resolves with the answer', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    signInEmployee();
    const seen: number[] = [];
    const done = uploadWithProgress({ method: 'POST', path: '/api/employee/blog-posts', form: new FormData(), onProgress: (f) => seen.push(f) });
    const xhr = FakeXhr.last!;
    expect(xhr.headers.Authorization).toBe(`Bearer ${fakeToken()}`);
    xhr.progress(25, 100);
    xhr.progress(100, 100);
    xhr.finish(201, { success: true, blog_post: { id: 'x' } });
    await expect(done).resolves.toMatchObject({ blog_post: { id: 'x' } });
    expect(seen).toEqual([0.25, 1, 1]);
  });

  it('a 401 clears the employee token and rejects with the server message', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    signInEmployee();
    const done = uploadWithProgress({ method: 'PUT', path: '/api/employee/blog-posts/p1', form: new FormData() });
    FakeXhr.last!.finish(401, { success: false, message: 'Please sign in to continue.' });
    await expect(done).rejects.toThrow('Please sign in to continue.');
    expect(localStorage.getItem('employeeToken')).toBeNull();
  });
});

describe('blog create form', () => {
  it('shows a progress bar while the image uploads, sends fields + image, then toasts', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    signInEmployee();
    mockFetch(portalServer());
    const user = userEvent.setup();
    renderPortal('/employee/blog');
    await user.click(await screen.findByRole('button', { name: '+ New Post' }));
    await user.type(screen.getByLabelText('Title'), 'Grout care');
    await user.type(screen.getByLabelText('Content'), 'Use a soft brush.');
    await user.type(screen.getByLabelText('YouTube link'), 'https://youtube.com/watch?v=1');
    const image = new File([new Uint8Array([137, 80, 78, 71])], 'grout.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Image (optional)'), image);
    await user.click(screen.getByRole('button', { name: 'Create Post' }));

    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.body?.get('title')).toBe('Grout care');
    expect(xhr.body?.get('youtube_link')).toBe('https://youtube.com/watch?v=1');
    expect((xhr.body?.get('image') as File).name).toBe('grout.png');
    act(() => xhr.progress(40, 100));
    const bar = await screen.findByRole('progressbar');
    expect(bar.getAttribute('value')).toBe('40');
    expect(screen.getByText(/Uploading grout.png — 40%/)).toBeTruthy();
    act(() => xhr.finish(201, { success: true, blog_post: { id: 'n1' } }));
    expect(await screen.findByText('Blog post created successfully!')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('shows the server message when the save is refused', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    signInEmployee();
    mockFetch(portalServer());
    const user = userEvent.setup();
    renderPortal('/employee/blog');
    await user.click(await screen.findByRole('button', { name: '+ New Post' }));
    await user.type(screen.getByLabelText('Title'), 'T');
    await user.type(screen.getByLabelText('Content'), 'C');
    await user.click(screen.getByRole('button', { name: 'Create Post' }));
    act(() => FakeXhr.last!.finish(415, { success: false, message: 'The image must be a JPEG, PNG, GIF or WebP file.' }));
    expect(await screen.findByText('The image must be a JPEG, PNG, GIF or WebP file.')).toBeTruthy();
  });
});
