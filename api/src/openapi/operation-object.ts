// One operation of the OpenAPI document as its path item: parameters, request body, responses.
import { z } from 'zod';
import { IDEMPOTENCY_HEADER, PAGE_LIMIT_MAX, PAGE_MAX } from '@shared/constants';
import type { OperationWith } from './operation';

type Operation = OperationWith<string>;

type Json = Record<string, unknown>;
export const PAGE_FIELDS = ['page', 'limit', 'total', 'pages'];

const DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input (field messages in `errors`)',
  401: 'Missing, invalid or expired token, or a token of the other audience',
  403: 'Not allowed (not yours, blocked or inactive account)',
  404: 'Not found',
  409: 'Conflicts with the current state',
  413: 'Upload too large',
  415: 'Unsupported file type (checked by content)',
  429: 'Rate limited; see Retry-After',
  503: 'Not available (not configured or database down)',
};

export function jsonSchemaOf(schema: z.ZodType): Json {
  // Input side: what a client sends (before transforms such as lower-casing e-mails).
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;
  return rest;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

function requestBody(o: Operation): Json | undefined {
  if (o.json) return { required: !o.jsonOptional, content: { 'application/json': { schema: ref(o.json) } } };
  if (!o.multipart) return undefined;
  const schema = {
    allOf: [ref(o.multipart.fields), {
      type: 'object',
      properties: {
        [o.multipart.file]: { type: 'string', contentMediaType: 'application/octet-stream', description: `Optional file: ${o.multipart.fileTypes}` },
      },
    }],
  };
  return { required: true, content: { 'multipart/form-data': { schema } } };
}

function successBody(o: Operation): Json {
  if (o.binary) return { description: 'The file, streamed', content: { [o.binary]: { schema: { type: 'string', contentMediaType: o.binary } } } };
  const properties: Json = { success: { type: 'boolean', const: true }, message: { type: 'string' } };
  for (const field of o.answer) properties[field] = PAGE_FIELDS.includes(field) ? { type: 'integer', minimum: 0 } : {};
  return { description: 'Success', content: { 'application/json': { schema: { type: 'object', properties, required: ['success'] } } } };
}

export function operationObject(o: Operation): Json {
  const parameters: Json[] = [];
  for (const m of o.path.matchAll(/\{(\w+)\}/g)) {
    parameters.push({
      name: m[1],
      in: 'path',
      required: true,
      schema: m[1] === 'id' || m[1] === 'bookingId' ? { type: 'string', pattern: '^[a-f0-9]{24}$' } : { type: 'string' },
    });
  }
  if (o.paged) {
    const { properties = {} } = jsonSchemaOf(o.paged.query) as { properties?: Record<string, Json>; };
    // In a query string page and limit are digits; documented as the whole numbers they stand for.
    const numbers: Record<string, Json> = {
      page: { description: 'Page number, from 1', schema: { type: 'integer', minimum: 1, maximum: PAGE_MAX, default: 1 } },
      limit: { description: 'Items per page', schema: { type: 'integer', minimum: 1, maximum: PAGE_LIMIT_MAX, default: o.paged.defaultLimit } },
    };
    for (const [name, schema] of Object.entries(properties)) parameters.push({ name, in: 'query', required: false, ...(numbers[name] ?? { schema }) });
  }
  if (o.idempotent) {
    parameters.push({
      name: IDEMPOTENCY_HEADER,
      in: 'header',
      required: false,
      description: 'Retries with the same key replay the first answer and never write twice',
      schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,200}$' },
    });
  }
  const errorCodes = new Set([...o.errors, ...(o.auth ? [401] : [])]);
  const responses: Json = { [o.ok]: successBody(o) };
  for (const code of [...errorCodes].sort()) {
    responses[code] = { description: DESCRIPTIONS[code] ?? 'Error', content: { 'application/json': { schema: ref('Error') } } };
  }
  const body = requestBody(o);
  return {
    operationId: `${o.method}${o.path.replace(/[{}]/g, '').replace(/[^a-z0-9]+(\w)/gi, (_m, c: string) => c.toUpperCase())}`,
    summary: o.summary,
    tags: [o.tag],
    ...(o.auth ? { security: [{ [`${o.auth}Bearer`]: [] }] } : { security: [] }),
    ...(parameters.length ? { parameters } : {}),
    ...(body ? { requestBody: body } : {}),
    responses,
  };
}
