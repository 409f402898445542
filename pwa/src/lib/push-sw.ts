// What the service worker does with a push (pure, so the page's tests and the worker share it): the
// payload the server sends (notify/push.ts) becomes a notification; a tap opens its URL, same origin only.

export interface PushNotice {
  title: string;
  body: string;
  url: string;
  tag?: string;
}

const FALLBACK: PushNotice = { title: 'SparkleClean', body: '', url: '/' };

/** The payload as JSON; anything else shows a plain notification that opens the home page. */
export function noticeOf(text: string | null | undefined): PushNotice {
  try {
    const v = JSON.parse(text ?? '') as Partial<PushNotice>;
    return {
      title: typeof v.title === 'string' && v.title ? v.title.slice(0, 120) : FALLBACK.title,
      body: typeof v.body === 'string' ? v.body.slice(0, 300) : '',
      url: typeof v.url === 'string' ? v.url : '/',
      tag: typeof v.tag === 'string' ? v.tag.slice(0, 40) : undefined,
    };
  } catch {
    return { ...FALLBACK, body: String(text ?? '').slice(0, 300) };
  }
}

/** The URL to open, resolved against the worker's origin; another origin's URL opens the home page. */
export function sameOriginUrl(url: string, origin: string): string {
  try {
    const u = new URL(url, origin);
    return u.origin === origin ? u.href : `${origin}/`;
  } catch {
    return `${origin}/`;
  }
}
