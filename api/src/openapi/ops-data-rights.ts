// OpenAPI operations of data rights: spread into document.ts with its request schemas.
import { closeAccountSchema, eraseApplicantSchema, officeDataRequestSchema } from '@shared/schemas/data-rights';
import type { OperationOf } from './operation';
import { PAGE_LIMIT_DEFAULT } from '@shared/constants';
import { dataRequestsQuerySchema } from '@shared/schemas/data-rights';

export const DATA_RIGHTS_SCHEMAS = {
  CloseAccount: closeAccountSchema,
  OfficeDataRequest: officeDataRequestSchema,
  EraseApplicant: eraseApplicantSchema,
};

type DataRightsOp = OperationOf<keyof typeof DATA_RIGHTS_SCHEMAS>;
const op = (o: DataRightsOp) => o;

export const DATA_RIGHTS_OPS: DataRightsOp[] = [
  op({
    method: 'get',
    path: '/api/user/data-export',
    tag: 'data rights',
    summary: 'Download my data: a ZIP (one JSON per kind, README.txt); a large account answers 202 and the link is e-mailed; 5 an hour per account (429 after)',
    auth: 'customer',
    ok: 200,
    answer: [],
    errors: [429],
    binary: 'application/zip',
  }),
  op({
    method: 'get',
    path: '/api/employee/data-export',
    tag: 'data rights',
    summary: 'Download my data (staff): a ZIP with my hours, blog posts and images, CV; a large one is e-mailed; 5 an hour per account (429 after)',
    auth: 'employee',
    ok: 200,
    answer: [],
    errors: [429],
    binary: 'application/zip',
  }),
  op({
    method: 'get',
    path: '/api/data-export/{token}',
    tag: 'data rights',
    summary: "A prepared copy's e-mailed link: signed, single use, expires (410 once used or expired)",
    ok: 200,
    answer: [],
    errors: [410],
    binary: 'application/zip',
  }),
  op({
    method: 'post',
    path: '/api/user/close-account/code',
    tag: 'data rights',
    summary: 'E-mail a code to close an account without a password (Google)',
    auth: 'customer',
    ok: 200,
    answer: [],
    errors: [409, 429],
  }),
  op({
    method: 'post',
    path: '/api/user/close-account',
    tag: 'data rights',
    summary: 'Close my account (password, or the e-mailed code): future visits cancelled, sessions and devices ended, details anonymised',
    auth: 'customer',
    json: 'CloseAccount',
    ok: 200,
    answer: ['visitsCancelled', 'requestsCancelled'],
    errors: [400, 409, 429],
  }),
  op({
    method: 'get',
    path: '/api/admin/data-requests',
    tag: 'office',
    summary: 'Data requests: copies made and accounts closed, by whom and when, newest first',
    auth: 'employee',
    ok: 200,
    answer: ['requests', 'page', 'limit', 'total'],
    errors: [400, 403],
    paged: { query: dataRequestsQuerySchema, defaultLimit: PAGE_LIMIT_DEFAULT },
  }),
  op({
    method: 'post',
    path: '/api/admin/data-requests/export',
    tag: 'office',
    summary: "A copy of a customer's or applicant's data, by e-mail address (ZIP)",
    auth: 'employee',
    json: 'OfficeDataRequest',
    ok: 200,
    answer: [],
    errors: [400, 403, 404],
    binary: 'application/zip',
  }),
  op({
    method: 'post',
    path: '/api/admin/data-requests/erase-applicant',
    tag: 'office',
    summary: 'Erase an applicant: every application from the e-mail address and its CV (audited)',
    auth: 'employee',
    json: 'EraseApplicant',
    ok: 200,
    answer: ['erased'],
    errors: [400, 403, 404],
  }),
];
