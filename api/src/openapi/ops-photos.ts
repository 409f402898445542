// OpenAPI operations of a visit's photos and problems (shared/README.md "Photos", "Problems"): spread into document.ts.
import { PAGE_LIMIT_DEFAULT } from '@shared/constants';
import { photoFieldsSchema, problemSchema, problemsQuerySchema, resolveProblemSchema } from '@shared/schemas/photos';
import type { OperationOf } from './operation';

export const PHOTO_SCHEMAS = { PhotoFields: photoFieldsSchema, Problem: problemSchema, ResolveProblem: resolveProblemSchema };

type PhotoOp = OperationOf<keyof typeof PHOTO_SCHEMAS>;
const op = (o: PhotoOp) => o;

export const PHOTO_OPS: PhotoOp[] = [
  op({
    method: 'post',
    path: '/api/employee/visits/{id}/photos',
    tag: 'employee visits',
    summary:
      "A photo of my own visit (another's: 404): `room`, `stage` before | after | problem (with `problem_id`), the `photo` JPEG, PNG or WebP by its bytes (415), at most 8 MB (413), at most 40 per visit (409); a customer who turned photos off: 409",
    auth: 'employee',
    multipart: { fields: 'PhotoFields', file: 'photo', fileTypes: 'JPEG, PNG, WebP' },
    ok: 201,
    answer: ['photo'],
    errors: [400, 404, 409, 413, 415],
    idempotent: true,
  }),
  op({
    method: 'get',
    path: '/api/employee/visits/{id}/photos',
    tag: 'employee visits',
    summary: 'The photos of my own visit, in the order taken: `{ id, room, stage, url, taken_at, problem_id? }`',
    auth: 'employee',
    ok: 200,
    answer: ['photos'],
    errors: [404],
  }),
  op({
    method: 'get',
    path: '/api/user/visits/{id}/photos',
    tag: 'customer plans',
    summary: "My visit's photos, in the order taken; each `url` is signed for me and valid for a day",
    auth: 'customer',
    ok: 200,
    answer: ['photos'],
    errors: [404],
  }),
  op({
    method: 'get',
    path: '/api/admin/visits/{id}/photos',
    tag: 'office',
    summary: "Any visit's photos, in the order taken",
    auth: 'employee',
    ok: 200,
    answer: ['photos'],
    errors: [403, 404],
  }),
  op({
    method: 'get',
    path: '/api/photos/{id}',
    tag: 'employee visits',
    summary: "A photo's bytes by its signed link (`exp`, `sig`, as the lists and mails give it); a changed or expired link: 404",
    ok: 200,
    answer: [],
    errors: [404],
    binary: 'image/jpeg, image/png or image/webp',
  }),
  op({
    method: 'post',
    path: '/api/employee/visits/{id}/problems',
    tag: 'employee visits',
    summary:
      "Report a problem at my own visit: `kind` couldnt_get_in (the lockout: refused before the visit's time) | broken | missing | unsafe | other, a `note`, and an optional `id` made on the phone; the same report again: 200 with the first",
    auth: 'employee',
    json: 'Problem',
    ok: 201,
    answer: ['problem'],
    errors: [400, 404, 409],
    idempotent: true,
  }),
  op({
    method: 'get',
    path: '/api/admin/problems',
    tag: 'office',
    summary: 'Problems of one `state` (open by default), newest first, with where and who',
    auth: 'employee',
    ok: 200,
    answer: ['problems', 'page', 'limit', 'total', 'pages'],
    errors: [400, 403],
    paged: { query: problemsQuerySchema, defaultLimit: PAGE_LIMIT_DEFAULT },
  }),
  op({
    method: 'post',
    path: '/api/admin/problems/{id}/resolve',
    tag: 'office',
    summary: 'Resolve an open problem with a note of what was done (audited); already resolved: 409',
    auth: 'employee',
    json: 'ResolveProblem',
    ok: 200,
    answer: ['problem'],
    errors: [400, 403, 404, 409],
  }),
];
