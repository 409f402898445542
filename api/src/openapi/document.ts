// The OpenAPI 3.1 document of the whole API. Request bodies are generated from the shared zod schemas
// (the same ones the routes validate with and the PWA forms use), so the contract is written once.
// Each area's operations and the request schemas they name live in their ops-*.ts file; this file assembles them.
import type { z } from 'zod';
import { SYSTEM_OPS, SYSTEM_SCHEMAS } from './ops-system';
import { ACCOUNT_OPS, ACCOUNT_SCHEMAS } from './ops-accounts';
import { BOOKING_OPS, BOOKING_SCHEMAS } from './ops-bookings';
import { FORM_OPS, FORM_SCHEMAS } from './ops-forms';
import { BLOG_OPS, BLOG_SCHEMAS } from './ops-blog';
import { OFFICE_OPS, OFFICE_SCHEMAS } from './ops-office';
import { PLAN_OPS, PLAN_SCHEMAS } from './ops-plans';
import { VISIT_OPS, VISIT_SCHEMAS } from './ops-visits';
import { INBOX_OPS, INBOX_SCHEMAS } from './ops-inbox';
import { TIMESHEET_OPS, TIMESHEET_SCHEMAS } from './ops-timesheets';
import { NOTIFICATION_OPS, NOTIFICATION_SCHEMAS } from './ops-notifications';
import { PRICE_OPERATIONS, PRICE_SCHEMAS } from './ops-prices';
import { CHARGE_OPERATIONS, CHARGE_SCHEMAS } from './ops-charges';
import { SCHEDULE_OPS, SCHEDULE_SCHEMAS } from './ops-schedule';
import { CALENDAR_OPERATIONS } from './ops-calendar';
import { REMINDER_OPS, REMINDER_SCHEMAS } from './ops-reminders';
import { DATA_RIGHTS_OPS, DATA_RIGHTS_SCHEMAS } from './ops-data-rights';
import { STATEMENT_OPS, STATEMENT_SCHEMAS } from './ops-statements';
import { PAY_OPS, PAY_SCHEMAS } from './ops-pay';
import { PAYMENT_OPS, PAYMENT_SCHEMAS, PAYMENT_SETTINGS } from './ops-payments';
import { LEDGER_OPS, LEDGER_SCHEMAS } from './ops-ledger';
import { PHOTO_OPS, PHOTO_SCHEMAS } from './ops-photos';
import { HOME_OPS, HOME_SCHEMAS } from './ops-homes';
import { CHECKLIST_OPS, CHECKLIST_SCHEMAS } from './ops-checklists';
import { jsonSchemaOf, operationObject } from './operation-object';
import type { OperationWith } from './operation';

type Json = Record<string, unknown>;

/** Named request schemas: component name → zod schema. */
export const SCHEMAS = {
  ...SYSTEM_SCHEMAS,
  ...ACCOUNT_SCHEMAS,
  ...BOOKING_SCHEMAS,
  ...FORM_SCHEMAS,
  ...BLOG_SCHEMAS,
  ...OFFICE_SCHEMAS,
  ...PLAN_SCHEMAS,
  ...VISIT_SCHEMAS,
  ...INBOX_SCHEMAS,
  ...TIMESHEET_SCHEMAS,
  ...NOTIFICATION_SCHEMAS,
  ...REMINDER_SCHEMAS,
  ...SCHEDULE_SCHEMAS,
  ...PRICE_SCHEMAS,
  ...CHARGE_SCHEMAS,
  ...DATA_RIGHTS_SCHEMAS,
  ...STATEMENT_SCHEMAS,
  ...PAY_SCHEMAS,
  ...PAYMENT_SCHEMAS,
  ...LEDGER_SCHEMAS,
  ...PHOTO_SCHEMAS,
  ...HOME_SCHEMAS,
  ...CHECKLIST_SCHEMAS,
} satisfies Record<string, z.ZodType>;
type SchemaName = keyof typeof SCHEMAS;

export type Operation = OperationWith<SchemaName>;

/** Every API call the PWA makes, plus health and the public image URL. */
export const OPERATIONS: Operation[] = [
  ...SYSTEM_OPS,
  ...ACCOUNT_OPS,
  ...BOOKING_OPS,
  ...FORM_OPS,
  ...BLOG_OPS,
  ...OFFICE_OPS,
  ...PLAN_OPS,
  ...VISIT_OPS,
  ...INBOX_OPS,
  ...TIMESHEET_OPS,
  ...PRICE_OPERATIONS,
  ...CHARGE_OPERATIONS,
  ...NOTIFICATION_OPS,
  ...SCHEDULE_OPS,
  ...DATA_RIGHTS_OPS,
  ...STATEMENT_OPS,
  ...PAY_OPS,
  ...PAYMENT_OPS,
  ...LEDGER_OPS,
  ...PHOTO_OPS,
  ...HOME_OPS,
  ...CHECKLIST_OPS,
  ...CALENDAR_OPERATIONS,
  ...REMINDER_OPS,
];

export function buildOpenApi(version: string): Json {
  const paths: Record<string, Json> = {};
  for (const o of OPERATIONS) (paths[o.path] ??= {})[o.method] = operationObject(o);
  const schemas: Json = Object.fromEntries(Object.entries(SCHEMAS).map(([name, s]) => [name, jsonSchemaOf(s)]));
  schemas.Error = {
    type: 'object',
    properties: {
      success: { type: 'boolean', const: false },
      message: { type: 'string' },
      errors: { type: 'object', additionalProperties: { type: 'string' } },
      errorType: { type: 'string' },
    },
    required: ['success', 'message'],
  };
  return {
    openapi: '3.1.0',
    info: { title: 'SparkleClean API', version, description: 'Customer, public and employee endpoints of the SparkleClean cleaning-services PWA.' },
    paths,
    // Settings (environment variables) of the card payments, with their defaults.
    'x-settings': PAYMENT_SETTINGS,
    components: {
      schemas,
      securitySchemes: {
        customerBearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'Customer token (audience "customer") from login, signup or Google login',
        },
        employeeBearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Employee token (audience "employee") from the employee login' },
      },
    },
  };
}
