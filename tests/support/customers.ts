// Customers for API tests: through the real signup flow, or inserted directly when the flow is not under test.
import bcrypt from 'bcryptjs';
import { User } from '../../api/src/models/User';
import { otpFrom } from './mail-catcher';
import type { TestServer } from './test-server';

export interface TestCustomer {
  id: string;
  email: string;
  password: string;
  token: string;
}

let counter = 0;
export const uniqueEmail = (prefix = 'customer') => `${prefix}-${process.pid}-${Date.now()}-${++counter}@example.test`;

/** Inserts a customer through the model (cost 4) and signs a customer token for it. */
export async function insertCustomer(
  server: TestServer,
  opts: { email?: string; password?: string; name?: string; blocked?: boolean; } = {},
): Promise<TestCustomer> {
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? 'secret-pass-1';
  const user = await User.create({ email, name: opts.name ?? 'Test Customer', passwordHash: await bcrypt.hash(password, 4), blocked: opts.blocked ?? false });
  const id = String(user._id);
  return { id, email, password, token: server.deps.tokens.sign('customer', id, 'user') };
}

/** The whole signup as the PWA does it: send-otp → read the mail → verify-otp → signup. */
export async function signUpViaOtp(server: TestServer, opts: { email?: string; password?: string; name?: string; } = {}): Promise<TestCustomer> {
  const email = opts.email ?? uniqueEmail('signup');
  const password = opts.password ?? 'secret-pass-1';
  const seen = server.mail.mails.length;
  const sent = await server.call('POST', '/api/send-otp', { json: { email } });
  if (sent.status !== 200) throw new Error(`send-otp ${sent.status}: ${JSON.stringify(sent.body)}`);
  const otp = otpFrom(await server.mail.waitFor(email, { after: seen }));
  const verified = await server.call('POST', '/api/verify-otp', { json: { email, otp } });
  if (verified.status !== 200) throw new Error(`verify-otp ${verified.status}: ${JSON.stringify(verified.body)}`);
  const res = await server.call('POST', '/api/auth/user/signup', { json: { name: opts.name ?? 'Signed Up', email, password } });
  if (res.status !== 201) throw new Error(`signup ${res.status}: ${JSON.stringify(res.body)}`);
  return { id: res.body.user.id, email, password, token: res.body.token };
}

/** A valid booking body with a date a week ahead. */
export function bookingInput(overrides: Record<string, unknown> = {}) {
  const when = new Date(Date.now() + 7 * 24 * 3600_000).toISOString().slice(0, 16);
  return {
    propertyType: 'House',
    frequency: 'Weekly',
    bedrooms: '3',
    bathrooms: '2',
    receptions: '1',
    cleaningType: 'Standard',
    hasCleaner: 'No, this is my first time',
    bestDays: when,
    supplies: 'Please bring supplies and equipment',
    hiringLikelihood: 'Ready to book now',
    postcode: 'EC1A1BB',
    // A week ahead is within the 14-day cancellation period: the customer's express request to start.
    start_within_14_days: true,
    ...overrides,
  };
}
