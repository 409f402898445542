// Fuzz: ≥ 10 000 generated bad bodies across every endpoint of the OpenAPI document that takes one,
// each field drawn from what an attacker sends (long strings up to the body limit, wrong types,
// operator objects, prototype keys, pathological e-mails). Every answer must be a 4xx with a clear
// message, the server must stay up, and nothing stored may change. One shared server.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { createHash, randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import { z } from 'zod';
import { startTestServer, type TestServer } from '../support/test-server';
import { bookingInput, insertCustomer } from '../support/customers';
import { makeEmployee } from './employee-fixtures';
import { OPERATIONS, SCHEMAS } from '../../api/src/openapi/document';
import { API_MSG } from '@shared/messages-api';

/** FUZZ_TOTAL may raise it for a longer hunt; never below the 10 000 the suite promises. */
const TOTAL = Math.max(10_000, Number(process.env.FUZZ_TOTAL ?? 0));
const CONCURRENCY = 12;

let s: TestServer;
const tokens: Record<'customer' | 'employee', string> = { customer: '', employee: '' };
let bookingId = '';
beforeAll(async () => {
  s = await startTestServer({
    BCRYPT_COST: '4',
    TRUST_PROXY: '1',
    GOOGLE_CLIENT_ID: 'fuzz.apps.googleusercontent.com',
    GOOGLE_JWKS_URL: 'http://127.0.0.1:9/none',
  });
  const c = await insertCustomer(s);
  tokens.customer = c.token;
  // A super-admin: its token opens the employee routes and every office route (super-admin-only ones too), so each reaches its validation.
  tokens.employee = (await makeEmployee(s, { role: 'super-admin' })).token;
  bookingId = (await s.call('POST', '/api/user/bookings', { token: c.token, json: bookingInput() })).body.bookingId;
  // The booking's receipt is sent (and kept in the customer's notices) after the answer: let it land
  // before the stored state is taken, so only the fuzzed requests could change it.
  await vi.waitFor(async () => expect(await mongoose.connection.db!.collection('notices').countDocuments()).toBeGreaterThan(0), {
    timeout: 10_000,
    interval: 50,
  });
});
afterAll(async () => {
  await s?.close();
});

type Op = (typeof OPERATIONS)[number];
/** Every operation with a body: JSON ones, and multipart ones (their text fields, sent as JSON here). */
const withBody = OPERATIONS.filter((o) => o.json || o.multipart).map((o) => ({
  op: o,
  schema: SCHEMAS[(o.json ?? o.multipart!.fields) as keyof typeof SCHEMAS] as z.ZodType,
}));

function urlOf(op: Op): string {
  return op.path.replace('{id}', bookingId).replace('{bookingId}', bookingId).replace('{kind}', 'contact').replace('{image_path}', 'x.png');
}

const fieldsOf = (schema: z.ZodType) =>
  Object.keys((z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties?: object; }).properties ?? {});

// What goes into a field.
const longText = fc.integer({ min: 300, max: 5_000 }).map((n) => 'x'.repeat(n));
const hugeText = fc.integer({ min: 100_000, max: 1_000_000 }).map((n) => 'a'.repeat(n));
const pathological = fc.constantFrom(
  'a@' + '.'.repeat(30_000) + '@',
  'a@' + 'a.'.repeat(20_000),
  '1'.repeat(50_000),
  ' '.repeat(40_000) + 'x',
  'http://' + 'a'.repeat(40_000),
);
const wrongType = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 8 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 }), { maxKeys: 3 }),
);
const operator = fc.constantFrom<unknown>({ $gt: '' }, { $ne: null }, { $where: 'sleep(1000)' }, { $regex: '.*' }, { $in: ['a', 'b'] }, { $exists: true }, {
  $expr: { $eq: [1, 1] },
});
const value = fc.oneof(
  { weight: 50, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 10, arbitrary: longText },
  // Up to the 1 MB body limit: rare, as each costs a megabyte on the wire.
  { weight: 1, arbitrary: hugeText },
  { weight: 2, arbitrary: pathological },
  { weight: 20, arbitrary: wrongType },
  { weight: 15, arbitrary: operator },
);
/** Keys a body should never be able to smuggle in. */
const strayKey = fc.constantFrom(
  '__proto__',
  'constructor',
  'prototype',
  '$where',
  '$set',
  'role',
  'passwordHash',
  'tokenVersion',
  '_id',
  'blocked',
  'is_active',
);

/** JSON text written by hand, so "__proto__" arrives as an own key just as a client can send it. */
const objectText = (entries: [string, unknown][]) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',')}}`;

function bodyFor(schema: z.ZodType): fc.Arbitrary<string> {
  const fields = fieldsOf(schema);
  const entry = fc.tuple(fields.length ? fc.constantFrom(...fields) : strayKey, value);
  const object = fc
    .tuple(
      fc.array(entry, { minLength: 1, maxLength: Math.max(2, fields.length) }),
      fc.array(fc.tuple(strayKey, fc.oneof(value, fc.constant({ polluted: true }))), { maxLength: 2 }),
    )
    .map(([a, b]) => objectText([...a, ...b]));
  const notAnObject = fc.oneof(
    fc.constant('[]'),
    fc.constant('null'),
    fc.constant('"text"'),
    fc.constant('12'),
    fc.constant('{"a":'),
    fc.constant('{'.repeat(5_000)),
    fc.json({ maxDepth: 2 }),
  );
  return fc.oneof({ weight: 9, arbitrary: object }, { weight: 1, arbitrary: notAnObject });
}

/** Only bodies the route's own schema refuses count: a valid one would (rightly) be accepted. */
function refused(schema: z.ZodType, text: string): boolean {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return true;
  }
  return !schema.safeParse(parsed).success;
}

async function storedState(): Promise<string> {
  const db = mongoose.connection.db!;
  const hash = createHash('sha256');
  // Rate-limit counters count the requests; the job runner's recurring jobs (the late-start sweep every
  // minute) move on with the clock, whatever the requests were.
  const names = (await db.listCollections().toArray()).map((c) => c.name).filter((n) => n !== 'ratelimits' && n !== 'jobs').sort();
  for (const name of names) {
    const docs = await db.collection(name).find({}).sort({ _id: 1 }).toArray();
    hash.update(`${name}:${JSON.stringify(docs)}\n`);
  }
  return hash.digest('hex');
}

const randomIp = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

describe('fuzzed bad bodies', () => {
  it(`${TOTAL} bad bodies across every endpoint with a body: 4xx with a clear message, server up, nothing stored changes`, async () => {
    expect(withBody.length).toBeGreaterThanOrEqual(15);
    const cases: { op: Op; text: string; }[] = [];
    const seed = Date.now() ^ (Math.random() * 2 ** 31);
    const perOp = Math.ceil(TOTAL / withBody.length);
    for (const { op, schema } of withBody) {
      const bodies = fc.sample(bodyFor(schema).filter((t) => refused(schema, t)), { numRuns: perOp, seed: seed + cases.length });
      for (const text of bodies) cases.push({ op, text });
    }
    expect(cases.length).toBeGreaterThanOrEqual(TOTAL);

    const before = await storedState();
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let next = 0;
    async function worker() {
      while (next < cases.length) {
        const { op, text } = cases[next++];
        const headers: Record<string, string> = { 'Content-Type': 'application/json', 'X-Forwarded-For': randomIp() };
        if (op.auth) headers.Authorization = `Bearer ${tokens[op.auth]}`;
        let res: Response;
        try {
          res = await fetch(s.url + urlOf(op), { method: op.method.toUpperCase(), headers, body: text, signal: AbortSignal.timeout(15_000) });
        } catch (err) {
          failures.push(
            `${op.method.toUpperCase()} ${op.path} → no answer (${(err as Error).message}) for ${text.slice(0, 120)} (${text.length} chars, seed ${seed})`,
          );
          continue;
        }
        const answer = (await res.json().catch(() => ({}))) as { message?: unknown; };
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        const clear = typeof answer.message === 'string' && answer.message.length > 0 && answer.message !== API_MSG.serverError;
        // 401/403/404 would mean the body never reached validation (a setup mistake, not a pass).
        if (res.status < 400 || res.status >= 500 || [401, 403, 404, 405].includes(res.status) || !clear) {
          failures.push(
            `${op.method.toUpperCase()} ${op.path} → ${res.status} ${JSON.stringify(answer).slice(0, 200)} for ${text.slice(0, 200)} (seed ${seed})`,
          );
        }
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));

    expect(failures.slice(0, 10)).toEqual([]);
    expect((await s.call('GET', '/api/health')).status).toBe(200);
    expect(await storedState()).toBe(before);
    // Nothing polluted the prototype of the server's objects.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    console.info('fuzz answers by status:', Object.fromEntries([...statuses].sort()));
  }, 900_000);
});
