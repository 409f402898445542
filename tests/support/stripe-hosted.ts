// The test Stripe's hosted Checkout page: the customer chooses one of Stripe's test cards (by its
// number) and saves or pays; the page then sends them to the session's success_url, as Stripe does.
import type { StripeState } from './stripe-objects';
import { TEST_CARDS } from './stripe-wire';

type Obj = Record<string, unknown>;
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function hostedPage(s: Obj, error?: string): string {
  const setup = s.mode === 'setup';
  const open = s.status === 'open';
  const options = Object.entries(TEST_CARDS).map(([token, c]) => `<option value="${token}">${c.number}</option>`).join('');
  const amount = typeof s.amount_total === 'number' ? `£${(s.amount_total / 100).toFixed(2)}` : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${
    setup ? 'Save your card' : `Pay ${amount}`
  } – Stripe test</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem}label,select,button{display:block;width:100%;font-size:1.1rem;margin:.5rem 0}button{padding:.8rem;background:#635bff;color:#fff;border:0;border-radius:6px}</style></head>
<body><h1>${setup ? 'Save your card' : `Pay ${amount}`}</h1>
${error ? `<p role="alert">${esc(error)}</p>` : ''}
${
    open
      ? `<form method="post"><label for="card">Card number</label><select id="card" name="card">${options}</select><button type="submit">${
        setup ? 'Save card' : 'Pay'
      }</button></form>`
      : '<p>This page has expired.</p>'
  }
</body></html>`;
}

export function completeHosted(state: StripeState, s: Obj, token: string): { redirect: string; } | { error: string; } {
  if (s.status !== 'open') return { error: 'This Checkout Session is no longer open.' };
  if (!TEST_CARDS[token]) return { error: 'Choose a test card.' };
  if (s.mode === 'setup') state.completeSetup(s, token);
  else {
    const error = state.completePayment(s, token);
    if (error) return { error };
  }
  return { redirect: String(s.success_url).replace('{CHECKOUT_SESSION_ID}', String(s.id)) };
}
