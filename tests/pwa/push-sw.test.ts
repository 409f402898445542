// What the service worker makes of a push (lib/push-sw.ts): the server's JSON payload, anything else
// shown plainly; a tap opens only URLs of the app's own origin.
import { describe, expect, it } from 'vitest';
import { noticeOf, sameOriginUrl } from '@/lib/push-sw';

describe('push payloads in the service worker', () => {
  it('reads the server payload, and falls back for text or missing fields', () => {
    expect(noticeOf(JSON.stringify({ title: 'Tomorrow', body: 'Your clean at 9:00', url: '/orders', tag: 'reminders' }))).toEqual({
      title: 'Tomorrow',
      body: 'Your clean at 9:00',
      url: '/orders',
      tag: 'reminders',
    });
    expect(noticeOf('plain words')).toEqual({ title: 'SparkleClean', body: 'plain words', url: '/' });
    expect(noticeOf(JSON.stringify({ title: 5, url: ['x'] }))).toEqual({ title: 'SparkleClean', body: '', url: '/', tag: undefined });
    expect(noticeOf(null).url).toBe('/');
  });

  it('opens same-origin URLs only', () => {
    const origin = 'https://sparkle.example';
    expect(sameOriginUrl('/orders?visit=1', origin)).toBe('https://sparkle.example/orders?visit=1');
    expect(sameOriginUrl('https://sparkle.example/employee', origin)).toBe('https://sparkle.example/employee');
    expect(sameOriginUrl('https://evil.example/x', origin)).toBe('https://sparkle.example/');
    expect(sameOriginUrl('//evil.example/x', origin)).toBe('https://sparkle.example/');
    expect(sameOriginUrl('javascript:alert(1)', origin)).toBe('https://sparkle.example/');
  });
});
