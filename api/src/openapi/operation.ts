// The shape of one API operation as the OpenAPI document lists it, named by its request schema: the
// document (document.ts) and the ops-*.ts files beside their own schemas both write them.
import type { z } from 'zod';
import { PAGE_LIMIT_DEFAULT } from '@shared/constants';

type Audience = 'customer' | 'employee';

export interface OperationWith<SchemaName extends string> {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  tag: string;
  summary: string;
  auth?: Audience;
  json?: SchemaName;
  /** The JSON body may be left out (accept: only a free-text time needs one). */
  jsonOptional?: boolean;
  /** Multipart body: the text fields' schema plus one optional file part. */
  multipart?: { fields: SchemaName; file: string; fileTypes: string; };
  ok: 200 | 201;
  /** Answer fields besides success/message: the ones the PWA reads. */
  answer: string[];
  errors: number[];
  idempotent?: boolean;
  binary?: string;
  /** A paged list: its query parameters (paging + filters) and the default page size. */
  paged?: { query: z.ZodObject; defaultLimit: number; };
}

/** An operation written in an ops-*.ts file beside its own request schemas: `json` names one of those. */
export type OperationOf<Name extends string> = OperationWith<Name>;

/** A paged list's query parameters (paging + filters) and its default page size. */
export const paged = (query: z.ZodObject, defaultLimit = PAGE_LIMIT_DEFAULT) => ({ query, defaultLimit });
