// The card payment settings (README "Payments"), read once with the rest of config.ts. Without
// STRIPE_SECRET_KEY card payments are off: nothing is charged and every screen says how the company is
// paid instead.

export interface PaymentsConfig {
  /** Stripe's secret key (sk_live_… or sk_test_…); unset: card payments are off. */
  secretKey?: string;
  /** The signing secret of the webhook endpoint registered at Stripe (whsec_…). */
  webhookSecret?: string;
  /** Tests only: a Stripe-compatible test server, given to the SDK as host, port and protocol. */
  apiBase?: { host: string; port: number; protocol: 'http' | 'https'; };
  /** A completed visit (or a late-change charge) is charged this long after it was done. */
  delayHours: number;
  /** Days after the first failure on which a failed charge is tried again; after the last it is overdue. */
  retryDays: number[];
}

function apiBaseOf(text: string | undefined): PaymentsConfig['apiBase'] {
  if (!text) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`STRIPE_API_BASE must be an address such as http://127.0.0.1:12111 (got "${text}")`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('STRIPE_API_BASE must be http:// or https://');
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)), protocol };
}

function retryDaysOf(text: string | undefined): number[] {
  if (text === undefined || text.trim() === '') return [3, 7];
  const days = text.split(',').map((s) => Number(s.trim()));
  if (days.some((d) => !Number.isInteger(d) || d < 1 || d > 60) || days.some((d, i) => i > 0 && d <= days[i - 1])) {
    throw new Error(`PAYMENT_RETRY_DAYS must be rising whole days between 1 and 60, e.g. 3,7 (got "${text}")`);
  }
  return days;
}

export function loadPaymentsConfig(env: NodeJS.ProcessEnv): PaymentsConfig {
  const delay = env.PAYMENT_DELAY_HOURS?.trim() ? Number(env.PAYMENT_DELAY_HOURS) : 24;
  if (!Number.isInteger(delay) || delay < 0 || delay > 24 * 30) {
    throw new Error(`PAYMENT_DELAY_HOURS must be whole hours between 0 and 720 (got "${env.PAYMENT_DELAY_HOURS}")`);
  }
  return {
    secretKey: env.STRIPE_SECRET_KEY?.trim() || undefined,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET?.trim() || undefined,
    apiBase: apiBaseOf(env.STRIPE_API_BASE?.trim()),
    delayHours: delay,
    retryDays: retryDaysOf(env.PAYMENT_RETRY_DAYS),
  };
}
