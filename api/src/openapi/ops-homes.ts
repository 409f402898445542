// OpenAPI operations of a customer's homes (shared/README.md "Homes"): spread into document.ts.
import type { OperationOf } from './operation';
import { homeCreateSchema, homeUpdateSchema } from '@shared/schemas/homes';

export const HOME_SCHEMAS = { HomeCreate: homeCreateSchema, HomeUpdate: homeUpdateSchema };

type HomeOp = OperationOf<keyof typeof HOME_SCHEMAS>;
const op = (o: HomeOp) => o;
const tag = 'customer homes';
const sealed = 'access_notes, keys and alarm_code are stored encrypted (AES-256-GCM) and answered opened to their customer only';

export const HOME_OPS: HomeOp[] = [
  op({
    method: 'get',
    path: '/api/user/homes',
    tag,
    summary:
      `My homes, oldest first (at most 20): each { id, label, address, postcode, access_notes, keys, alarm_code, parking, pets, photos_allowed, in_use }; ${sealed}`,
    auth: 'customer',
    ok: 200,
    answer: ['homes'],
    errors: [],
  }),
  op({
    method: 'post',
    path: '/api/user/homes',
    tag,
    summary: 'Add a home (label, address and postcode required; photos_allowed defaults to true)',
    auth: 'customer',
    json: 'HomeCreate',
    ok: 201,
    answer: ['home'],
    errors: [400, 409],
    idempotent: true,
  }),
  op({
    method: 'get',
    path: '/api/user/homes/{id}',
    tag,
    summary: 'One of my homes (another customer’s is 404)',
    auth: 'customer',
    ok: 200,
    answer: ['home'],
    errors: [400, 404],
  }),
  op({
    method: 'patch',
    path: '/api/user/homes/{id}',
    tag,
    summary: 'Change any of my home’s fields, such as photos_allowed (“Photos of visits at this home”); another customer’s home is 404',
    auth: 'customer',
    json: 'HomeUpdate',
    ok: 200,
    answer: ['home'],
    errors: [400, 404],
    idempotent: true,
  }),
  op({
    method: 'delete',
    path: '/api/user/homes/{id}',
    tag,
    summary: 'Remove my home: 409 with the reason while a live plan or a waiting request is at it; another customer’s home is 404',
    auth: 'customer',
    ok: 200,
    answer: [],
    errors: [400, 404, 409],
  }),
  op({
    method: 'get',
    path: '/api/admin/customers/{id}/homes',
    tag: 'office',
    summary: `A customer's homes for the office, as the customer reads them; ${sealed.replace('to their customer only', 'to the office and their customer')}`,
    auth: 'employee',
    ok: 200,
    answer: ['homes'],
    errors: [400, 403],
  }),
];
