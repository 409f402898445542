// GET /api/openapi.json: every call the app makes is documented, the document matches the routes the server
// really mounts, and request bodies are the shared zod schemas converted (not written twice).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiRouters } from '../../api/src/routes/index';
import { contactSchema, careerSchema, enquirySchema } from '@shared/schemas/forms';
import { workSubmissionSchema, employeeProfileUpdateSchema } from '@shared/schemas/employee';
import { bookingCreateSchema, bookingUpdateSchema } from '@shared/schemas/bookings';
import { loginSchema, resetPasswordSchema } from '@shared/schemas/auth';
import { blogPostFieldsSchema } from '@shared/schemas/blog';
import { startTestServer, type TestServer } from '../support/test-server';

/** Every call the app makes, row by row, plus health and the public blog image URL. */
const SPEC_CALLS = `
POST /api/auth/user/login
POST /api/auth/user/signup
POST /api/auth/google-login
POST /api/send-otp
POST /api/verify-otp
POST /api/user/forgot-password
POST /api/user/reset-password
GET /api/user/profile
PUT /api/user/profile
PUT /api/user/change-password
GET /api/user/bookings
POST /api/user/bookings
PUT /api/user/bookings/{id}
DELETE /api/user/bookings/{id}
GET /api/user/dashboard
POST /api/contact
POST /api/enquiry
POST /api/career
GET /api/blog-posts
POST /api/auth/employee/login
GET /api/employee/profile
PUT /api/employee/profile
GET /api/employee/available-bookings
POST /api/employee/bookings/{id}/accept
POST /api/employee/bookings/{id}/decline
GET /api/employee/my-bookings
POST /api/employee/bookings/{id}/submit-work
GET /api/employee/work-submissions
PUT /api/employee/work-submissions/{id}
GET /api/employee/stats
GET /api/employee/blog-posts
POST /api/employee/blog-posts
PUT /api/employee/blog-posts/{id}
DELETE /api/employee/blog-posts/{id}
GET /api/employee/blog-posts/{id}/image
GET /api/health
GET /uploads/blog/{image_path}
`
  .trim()
  .split('\n')
  .map((line) => line.trim());

let srv: TestServer;
// A parsed JSON document, walked freely by the assertions below.

let doc: any;
beforeAll(async () => {
  srv = await startTestServer({ BCRYPT_COST: '4' });
  const res = await srv.call('GET', '/api/openapi.json');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('application/json');
  doc = res.body;
});
afterAll(async () => {
  await srv?.close();
});

const documented = () =>
  Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`));
const opOf = (call: string) => {
  const [method, p] = call.split(' ');
  return doc.paths[p]?.[method.toLowerCase()];
};
const fromZod = (s: z.ZodType) => {
  const { $schema: _s, ...rest } = z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
};
const resolve = (schema: { $ref?: string; }) => doc.components.schemas[schema.$ref!.split('/').pop()!];

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document listing every call of the product specification', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBeTruthy();
    const have = new Set(documented());
    expect(SPEC_CALLS.filter((c) => !have.has(c))).toEqual([]);
    const ids = documented().map((c) => opOf(c).operationId);
    expect(new Set(ids).size).toBe(ids.length);
    // Every $ref points at a schema that exists.
    const refs = [...JSON.stringify(doc.paths).matchAll(/"\$ref":"#\/components\/schemas\/(\w+)"/g)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThan(20);
    expect(refs.filter((r) => !doc.components.schemas[r])).toEqual([]);
  });

  it('documents exactly the routes the server mounts', () => {
    const mounted = apiRouters(srv.deps).flatMap((r) =>
      r.stack
        .filter((l) => l.methods.length)
        .flatMap((l) => l.methods.filter((m) => m !== 'HEAD').map((m) => `${m} ${String(l.path).replace(/:(\w+)/g, '{$1}')}`))
    );
    const self = 'GET /api/openapi.json';
    expect(mounted.filter((c) => c !== self).sort()).toEqual(documented().sort());
  });

  it('generates request bodies from the shared zod schemas', () => {
    const cases: Array<[string, z.ZodType]> = [
      ['POST /api/contact', contactSchema],
      ['POST /api/enquiry', enquirySchema],
      ['POST /api/auth/user/login', loginSchema],
      ['POST /api/user/reset-password', resetPasswordSchema],
      ['POST /api/user/bookings', bookingCreateSchema],
      ['PUT /api/user/bookings/{id}', bookingUpdateSchema],
      ['POST /api/employee/bookings/{id}/submit-work', workSubmissionSchema],
      ['PUT /api/employee/profile', employeeProfileUpdateSchema],
    ];
    for (const [call, schema] of cases) {
      const body = opOf(call).requestBody.content['application/json'].schema;
      expect(resolve(body), call).toEqual(fromZod(schema));
    }
    const contact = resolve(opOf('POST /api/contact').requestBody.content['application/json'].schema);
    expect(contact.required).toEqual(['name', 'email', 'message']);
    expect(contact.additionalProperties).toBe(false);
  });

  it('describes the multipart uploads with their file part', () => {
    for (
      const [call, fields, file] of [
        ['POST /api/career', careerSchema, 'cv'],
        ['POST /api/employee/blog-posts', blogPostFieldsSchema, 'image'],
        ['PUT /api/employee/blog-posts/{id}', blogPostFieldsSchema, 'image'],
      ] as const
    ) {
      const schema = opOf(call).requestBody.content['multipart/form-data'].schema;
      expect(resolve(schema.allOf[0]), call).toEqual(fromZod(fields));
      expect(schema.allOf[1].properties[file]).toMatchObject({ type: 'string' });
      expect(Object.keys(opOf(call).responses)).toEqual(expect.arrayContaining(['413', '415']));
    }
  });

  it('marks protected calls with the right bearer scheme and public calls with none', () => {
    expect(doc.components.securitySchemes.customerBearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.employeeBearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const call of documented()) {
      const path = call.split(' ')[1];
      const security = opOf(call).security;
      if (path.startsWith('/api/employee/') || path.startsWith('/api/admin/')) expect(security, call).toEqual([{ employeeBearer: [] }]);
      else if (path.startsWith('/api/user/') && !/forgot-password|reset-password/.test(path)) expect(security, call).toEqual([{ customerBearer: [] }]);
      else expect(security, call).toEqual([]);
      if (security.length) expect(opOf(call).responses['401'], call).toBeTruthy();
    }
  });

  it('documents the paging parameters and answer fields of every list', () => {
    const lists: Array<[string, string, string[], number]> = [
      ['GET /api/blog-posts', 'blog_posts', [], 6],
      ['GET /api/employee/blog-posts', 'blog_posts', ['q', 'sort'], 20],
      ['GET /api/user/bookings', 'bookings', ['status'], 20],
      ['GET /api/employee/available-bookings', 'bookings', ['type'], 20],
      ['GET /api/employee/my-bookings', 'bookings', ['status'], 20],
      ['GET /api/employee/work-submissions', 'submissions', [], 20],
    ];
    for (const [call, key, filters, defaultLimit] of lists) {
      const o = opOf(call);
      const query = Object.fromEntries(
        o.parameters.filter((p: { in: string; }) => p.in === 'query').map((p: { name: string; schema: unknown; }) => [p.name, p.schema]),
      );
      expect(Object.keys(query).sort(), call).toEqual(['limit', 'page', ...filters].sort());
      expect(query.limit, call).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: defaultLimit });
      expect(query.page, call).toMatchObject({ type: 'integer', minimum: 1 });
      const answer = o.responses['200'].content['application/json'].schema.properties;
      expect(Object.keys(answer), call).toEqual(expect.arrayContaining([key, 'page', 'limit', 'total', 'pages']));
      expect(o.responses['400'], call).toBeTruthy();
    }
    expect(opOf('GET /api/employee/available-bookings').parameters.find((p: { name: string; }) => p.name === 'type').schema.enum).toEqual([
      'all',
      'regular',
      'deep',
      'move',
    ]);
  });

  it('lists the Idempotency-Key header on the create calls the offline outbox retries', () => {
    for (
      const call of ['POST /api/user/bookings', 'POST /api/employee/bookings/{id}/submit-work', 'POST /api/contact', 'POST /api/enquiry', 'POST /api/career']
    ) {
      expect(opOf(call).parameters.some((p: { in: string; name: string; }) => p.in === 'header' && p.name === 'Idempotency-Key'), call).toBe(true);
    }
  });
});
