// The OpenAPI 3.1 document of the whole API. Request bodies are generated from the shared zod schemas
// (the same ones the routes validate with and the PWA forms use), so the contract is written once.
import { companySchema } from '@shared/schemas/company';
import { PLAN_OPS, PLAN_SCHEMAS } from './ops-plans';
import { PRICE_OPERATIONS, PRICE_SCHEMAS } from './ops-prices';
import { CHARGE_OPERATIONS, CHARGE_SCHEMAS } from './ops-charges';
import { z } from 'zod';
import { BLOG_PAGE_SIZE, PAGE_LIMIT_DEFAULT } from '@shared/constants';
import {
  changePasswordSchema,
  forgotPasswordSchema,
  googleLoginSchema,
  loginSchema,
  profileUpdateSchema,
  resetPasswordSchema,
  sendOtpSchema,
  signupSchema,
  verifyOtpSchema,
} from '@shared/schemas/auth';
import { bookingCreateSchema, bookingUpdateSchema } from '@shared/schemas/bookings';
import { blogPostFieldsSchema } from '@shared/schemas/blog';
import { employeeLoginSchema, employeeProfileUpdateSchema, workSubmissionSchema, workSubmissionUpdateSchema } from '@shared/schemas/employee';
import { careerSchema, contactSchema, enquirySchema } from '@shared/schemas/forms';
import {
  availableQuerySchema,
  blogListQuerySchema,
  customerBookingsQuerySchema,
  employeeBlogQuerySchema,
  myBookingsQuerySchema,
  pagingQuerySchema,
  workSubmissionsQuerySchema,
} from '@shared/schemas/paging';
import { inboxUpdateSchema } from '@shared/schemas/inbox';
import { cancelSchema, customerPatchSchema, staffCreateSchema, staffPatchSchema, welcomeSchema } from '@shared/schemas/office';
import { timesheetQueryMessageSchema } from '@shared/schemas/timesheets';
import { notificationPreferencesSchema, pushSubscriptionSchema, unsubscribeSchema } from '@shared/schemas/notifications';
import { SCHEDULE_OPS, SCHEDULE_SCHEMAS } from './ops-schedule';
import { CALENDAR_OPERATIONS } from './ops-calendar';
import { acceptBodySchema, adminVisitPatchSchema, assignPlanSchema, adminVisitsQuerySchema, endPlanSchema, moveVisitSchema, pausePlanSchema, scheduleSchema, visitsQuerySchema } from '@shared/schemas/visits';

import { REMINDER_OPS, REMINDER_SCHEMAS } from './ops-reminders';
import { DATA_RIGHTS_OPS, DATA_RIGHTS_SCHEMAS } from './ops-data-rights';
import { STATEMENT_OPS, STATEMENT_SCHEMAS } from './ops-statements';
import { PAY_OPS, PAY_SCHEMAS } from './ops-pay';
import { PAYMENT_OPS, PAYMENT_SCHEMAS, PAYMENT_SETTINGS } from './ops-payments';
import { LEDGER_OPS, LEDGER_SCHEMAS } from './ops-ledger';
import { PAGE_FIELDS, jsonSchemaOf, operationObject } from './operation-object';
import type { OperationWith } from './operation';

type Json = Record<string, unknown>;

/** Named request schemas: component name → zod schema. */
export const SCHEMAS = {
  Login: loginSchema,
  Signup: signupSchema,
  GoogleLogin: googleLoginSchema,
  SendOtp: sendOtpSchema,
  VerifyOtp: verifyOtpSchema,
  ForgotPassword: forgotPasswordSchema,
  ResetPassword: resetPasswordSchema,
  ProfileUpdate: profileUpdateSchema,
  ChangePassword: changePasswordSchema,
  BookingCreate: bookingCreateSchema,
  BookingUpdate: bookingUpdateSchema,
  Contact: contactSchema,
  Enquiry: enquirySchema,
  CareerFields: careerSchema,
  EmployeeLogin: employeeLoginSchema,
  EmployeeProfileUpdate: employeeProfileUpdateSchema,
  WorkSubmission: workSubmissionSchema,
  WorkSubmissionUpdate: workSubmissionUpdateSchema,
  BlogPostFields: blogPostFieldsSchema,
  InboxUpdate: inboxUpdateSchema,
  TimesheetQueryMessage: timesheetQueryMessageSchema,
  StaffWelcome: welcomeSchema,
  StaffCreate: staffCreateSchema,
  StaffPatch: staffPatchSchema,
  BookingAssign: assignPlanSchema,
  BookingCancel: cancelSchema,
  CustomerPatch: customerPatchSchema,
  PushSubscription: pushSubscriptionSchema,
  NotificationPreferences: notificationPreferencesSchema,
  Unsubscribe: unsubscribeSchema,
  Company: companySchema,
  AcceptBooking: acceptBodySchema,
  VisitMove: moveVisitSchema,
  PlanPause: pausePlanSchema,
  PlanEnd: endPlanSchema,
  PlanSchedule: scheduleSchema,
  AdminVisitPatch: adminVisitPatchSchema,
  ...REMINDER_SCHEMAS,
  ...PLAN_SCHEMAS,
  ...SCHEDULE_SCHEMAS,
  ...PRICE_SCHEMAS,
  ...CHARGE_SCHEMAS,
  ...DATA_RIGHTS_SCHEMAS,
  ...STATEMENT_SCHEMAS,
  ...PAY_SCHEMAS,
  ...PAYMENT_SCHEMAS,
  ...LEDGER_SCHEMAS,
} satisfies Record<string, z.ZodType>;
type SchemaName = keyof typeof SCHEMAS;

export type Operation = OperationWith<SchemaName>;

const op = (o: Operation) => o;
const V = [400];
/** Paging fields every list answer carries beside its items. */
const paged = (query: z.ZodObject, defaultLimit = PAGE_LIMIT_DEFAULT) => ({ query, defaultLimit });

/** Every API call the PWA makes, plus health and the public image URL. */
export const OPERATIONS: Operation[] = [
  ...PLAN_OPS,
  op({ method: 'get', path: '/api/health', tag: 'system', summary: 'Liveness and database state; size_warning when the embedded database holds more than it is measured to serve', ok: 200, answer: ['ok', 'db', 'version'], errors: [503] }),
  op({ method: 'get', path: '/api/health/live', tag: 'system', summary: 'Liveness probe: the process answers', ok: 200, answer: ['ok'], errors: [] }),
  op({ method: 'get', path: '/api/health/ready', tag: 'system', summary: "Readiness probe: database open, indexes ready, background timers running (and, while an older release's data is upgraded, upgrading: percent and message)", ok: 200, answer: ['ok', 'database', 'indexes', 'timers'], errors: [503] }),
  op({ method: 'get', path: '/api/company', tag: 'system', summary: "The company's details every page shows (cacheable 30 s, ETag)", ok: 200, answer: ['company'], errors: [] }),
  op({ method: 'get', path: '/api/admin/company', tag: 'office', summary: "The company settings and the office home's first-run checklist", auth: 'employee', ok: 200, answer: ['company', 'version', 'setup'], errors: [403] }),
  op({ method: 'put', path: '/api/admin/company', tag: 'office', summary: 'Change the company settings (super-admin; audited)', auth: 'employee', json: 'Company', ok: 200, answer: ['company', 'version', 'setup'], errors: [...V, 403] }),
  // Customer and public
  op({ method: 'post', path: '/api/auth/user/login', tag: 'customer auth', summary: 'Customer sign-in', json: 'Login', ok: 200, answer: ['token', 'user'], errors: [...V, 401, 403, 429] }),
  op({ method: 'post', path: '/api/auth/user/signup', tag: 'customer auth', summary: 'Create a customer account (e-mail verified by OTP first)', json: 'Signup', ok: 201, answer: ['token', 'user'], errors: [...V, 403, 409] }),
  op({ method: 'post', path: '/api/auth/google-login', tag: 'customer auth', summary: 'Sign in with a Google ID token', json: 'GoogleLogin', ok: 200, answer: ['token', 'user'], errors: [...V, 401, 409, 503] }),
  op({ method: 'post', path: '/api/send-otp', tag: 'customer auth', summary: 'Send a signup code by e-mail', json: 'SendOtp', ok: 200, answer: [], errors: [...V, 409, 429] }),
  op({ method: 'post', path: '/api/verify-otp', tag: 'customer auth', summary: 'Verify a signup code', json: 'VerifyOtp', ok: 200, answer: [], errors: [...V, 429] }),
  op({ method: 'post', path: '/api/user/forgot-password', tag: 'customer auth', summary: 'Send a password reset code', json: 'ForgotPassword', ok: 200, answer: ['errorType'], errors: [...V, 403, 404, 429] }),
  op({ method: 'post', path: '/api/user/reset-password', tag: 'customer auth', summary: 'Set a new password with the reset code', json: 'ResetPassword', ok: 200, answer: ['errorType'], errors: [...V, 429] }),
  op({ method: 'get', path: '/api/user/profile', tag: 'customer', summary: 'My profile', auth: 'customer', ok: 200, answer: ['user'], errors: [] }),
  op({ method: 'put', path: '/api/user/profile', tag: 'customer', summary: 'Update my profile', auth: 'customer', json: 'ProfileUpdate', ok: 200, answer: ['user'], errors: V }),
  op({ method: 'put', path: '/api/user/change-password', tag: 'customer', summary: 'Change my password (other sessions end; the answer carries this device\'s new token)', auth: 'customer', json: 'ChangePassword', ok: 200, answer: ['token'], errors: [...V, 429] }),
  op({ method: 'post', path: '/api/user/logout', tag: 'customer', summary: 'Sign out on the server: every token of this account stops working', auth: 'customer', ok: 200, answer: [], errors: [] }),
  op({ method: 'get', path: '/api/user/dashboard', tag: 'customer', summary: 'My booking counts', auth: 'customer', ok: 200, answer: ['stats'], errors: [] }),
  op({ method: 'get', path: '/api/user/bookings', tag: 'customer bookings', summary: 'A page of my bookings, newest first, optionally of one stored status (pending, accepted, completed, rejected: the office cancelled, cancelled: I cancelled within 14 days, withdrawn); each with `state` (requested, declined, withdrawn, active, paused, ended, cancelled), `state_text` (the state in words) and, once ended or cancelled, `ended_by`, `ended_at`, `end_reason`', auth: 'customer', ok: 200, answer: ['bookings', ...PAGE_FIELDS], errors: V, paged: paged(customerBookingsQuerySchema) }),
  op({ method: 'post', path: '/api/user/bookings', tag: 'customer bookings', summary: 'Create a booking', auth: 'customer', json: 'BookingCreate', ok: 201, answer: ['booking', 'bookingId'], errors: V, idempotent: true }),
  op({ method: 'put', path: '/api/user/bookings/{id}', tag: 'customer bookings', summary: 'Change my pending booking', auth: 'customer', json: 'BookingUpdate', ok: 200, answer: ['booking'], errors: [...V, 403, 404, 409] }),
  op({ method: 'delete', path: '/api/user/bookings/{id}', tag: 'customer bookings', summary: 'Delete my pending booking', auth: 'customer', ok: 200, answer: [], errors: [...V, 403, 404, 409] }),
  op({ method: 'post', path: '/api/contact', tag: 'public forms', summary: 'Send a contact message', json: 'Contact', ok: 201, answer: [], errors: [...V, 429], idempotent: true }),
  op({ method: 'post', path: '/api/enquiry', tag: 'public forms', summary: 'Send a quote enquiry', json: 'Enquiry', ok: 201, answer: [], errors: [...V, 429], idempotent: true }),
  op({ method: 'post', path: '/api/career', tag: 'public forms', summary: 'Apply for a job (optional CV: PDF, DOC or DOCX, checked by content)', multipart: { fields: 'CareerFields', file: 'cv', fileTypes: '.pdf, .doc, .docx' }, ok: 201, answer: [], errors: [...V, 413, 415, 429], idempotent: true }),
  op({ method: 'get', path: '/api/blog-posts', tag: 'blog', summary: 'A page of published blog posts, newest first (excerpt and reading time; the text comes with the post)', ok: 200, answer: ['blog_posts', ...PAGE_FIELDS], errors: V, paged: paged(blogListQuerySchema, BLOG_PAGE_SIZE) }),
  op({ method: 'get', path: '/api/blog-posts/{id}', tag: 'blog', summary: 'One blog post with its full text', ok: 200, answer: ['blog_post'], errors: [...V, 404] }),
  op({ method: 'get', path: '/api/blog-posts/slug/{slug}', tag: 'blog', summary: 'One blog post by its address (/blog/{slug}), with its full text', ok: 200, answer: ['blog_post'], errors: [404] }),
  op({ method: 'get', path: '/uploads/blog/{image_path}', tag: 'blog', summary: 'A blog image (immutable: names are unique)', ok: 200, answer: [], errors: [404], binary: 'image/*' }),
  // Employee
  op({ method: 'post', path: '/api/auth/employee/login', tag: 'employee', summary: 'Employee sign-in', json: 'EmployeeLogin', ok: 200, answer: ['token', 'user'], errors: [...V, 401, 403, 429] }),
  op({ method: 'get', path: '/api/employee/profile', tag: 'employee', summary: 'My employee profile', auth: 'employee', ok: 200, answer: ['employee'], errors: [403] }),
  op({ method: 'put', path: '/api/employee/profile', tag: 'employee', summary: 'Update my profile, optionally the password', auth: 'employee', json: 'EmployeeProfileUpdate', ok: 200, answer: ['employee'], errors: [...V, 403] }),
  op({ method: 'post', path: '/api/employee/logout', tag: 'employee', summary: 'Sign out on the server: every token of this account stops working', auth: 'employee', ok: 200, answer: [], errors: [] }),
  op({ method: 'get', path: '/api/employee/available-bookings', tag: 'employee bookings', summary: 'A page of pending bookings nobody accepted and I did not decline, newest first, optionally of one type', auth: 'employee', ok: 200, answer: ['bookings', ...PAGE_FIELDS], errors: [...V, 403], paged: paged(availableQuerySchema) }),
  op({ method: 'post', path: '/api/employee/bookings/{id}/accept', tag: 'employee bookings', summary: 'Accept a booking (atomic: one employee wins); it becomes a plan with me as its regular cleaner. `first_visit` is required when the booking names no single time', auth: 'employee', json: 'AcceptBooking', jsonOptional: true, ok: 200, answer: ['booking'], errors: [...V, 403, 404, 409] }),
  op({ method: 'post', path: '/api/employee/bookings/{id}/decline', tag: 'employee bookings', summary: 'Hide a booking from my available list', auth: 'employee', ok: 200, answer: [], errors: [...V, 403, 404, 409] }),
  op({ method: 'get', path: '/api/employee/my-bookings', tag: 'employee bookings', summary: 'A page of the bookings I accepted, latest accepted first, optionally of one status; counts per status', auth: 'employee', ok: 200, answer: ['bookings', ...PAGE_FIELDS, 'counts'], errors: [...V, 403], paged: paged(myBookingsQuerySchema) }),
  op({ method: 'post', path: '/api/employee/bookings/{id}/submit-work', tag: 'employee bookings', summary: 'Submit work hours; the booking becomes completed', auth: 'employee', json: 'WorkSubmission', ok: 200, answer: ['booking'], errors: [...V, 403, 404, 409], idempotent: true }),
  op({ method: 'get', path: '/api/employee/work-submissions', tag: 'employee bookings', summary: 'A page of my work submissions, latest first', auth: 'employee', ok: 200, answer: ['submissions', ...PAGE_FIELDS], errors: [...V, 403], paged: paged(workSubmissionsQuerySchema) }),
  op({ method: 'put', path: '/api/employee/work-submissions/{id}', tag: 'employee bookings', summary: 'Correct one of my work submissions', auth: 'employee', json: 'WorkSubmissionUpdate', ok: 200, answer: ['submission'], errors: [...V, 403, 404, 409] }),
  op({ method: 'get', path: '/api/employee/stats', tag: 'employee', summary: 'My accepted counts and the available count', auth: 'employee', ok: 200, answer: ['stats'], errors: [403] }),
  op({ method: 'get', path: '/api/employee/blog-posts', tag: 'employee blog', summary: 'A page of blog posts, searched and sorted (excerpt and reading time; the text comes with the post)', auth: 'employee', ok: 200, answer: ['blog_posts', ...PAGE_FIELDS], errors: [...V, 403], paged: paged(employeeBlogQuerySchema) }),
  op({ method: 'get', path: '/api/employee/blog-posts/{id}', tag: 'employee blog', summary: 'One blog post with its full text', auth: 'employee', ok: 200, answer: ['blog_post'], errors: [...V, 403, 404] }),
  op({ method: 'post', path: '/api/employee/blog-posts', tag: 'employee blog', summary: 'Create a blog post (optional image: JPEG, PNG, GIF or WebP)', auth: 'employee', multipart: { fields: 'BlogPostFields', file: 'image', fileTypes: 'JPEG, PNG, GIF, WebP' }, ok: 201, answer: ['blog_post'], errors: [...V, 403, 413, 415] }),
  op({ method: 'put', path: '/api/employee/blog-posts/{id}', tag: 'employee blog', summary: 'Update a blog post; a new image replaces the old one', auth: 'employee', multipart: { fields: 'BlogPostFields', file: 'image', fileTypes: 'JPEG, PNG, GIF, WebP' }, ok: 200, answer: ['blog_post'], errors: [...V, 403, 404, 413, 415] }),
  op({ method: 'delete', path: '/api/employee/blog-posts/{id}', tag: 'employee blog', summary: 'Delete a blog post and its image', auth: 'employee', ok: 200, answer: [], errors: [...V, 403, 404] }),
  op({ method: 'get', path: '/api/employee/blog-posts/{id}/image', tag: 'employee blog', summary: "A blog post's image", auth: 'employee', ok: 200, answer: [], errors: [...V, 403, 404], binary: 'image/*' }),
  // Staff accounts without an administrator in the loop: invitations and password reset by code
  op({ method: 'get', path: '/api/auth/employee/invitation', tag: 'employee', summary: 'The state of an invitation (token in the query)', ok: 200, answer: ['invitation'], errors: [...V, 404, 410, 429] }),
  op({ method: 'post', path: '/api/auth/employee/welcome', tag: 'employee', summary: 'Accept an invitation: choose a password and sign in (single use, 7 days)', json: 'StaffWelcome', ok: 200, answer: ['token', 'user'], errors: [...V, 404, 410, 429] }),
  op({ method: 'post', path: '/api/auth/employee/forgot-password', tag: 'employee', summary: 'Send a staff password reset code (the same answer for every address; the mail says the rest)', json: 'ForgotPassword', ok: 200, answer: ['errorType'], errors: [...V, 429] }),
  op({ method: 'post', path: '/api/auth/employee/reset-password', tag: 'employee', summary: 'Set a new staff password with the reset code (every session ends; refused for a deactivated account or one that never chose a password)', json: 'ResetPassword', ok: 200, answer: ['errorType'], errors: [...V, 403, 429] }),
  // Office (admin and super-admin staff): team, bookings board, customers, audit
  op({ method: 'get', path: '/api/admin/staff', tag: 'office team', summary: 'The team (q, role, status, page, limit)', auth: 'employee', ok: 200, answer: ['staff', 'page', 'limit', 'total'], errors: [...V, 403] }),
  op({ method: 'post', path: '/api/admin/staff', tag: 'office team', summary: 'Add a person and e-mail them an invitation (only a super-admin adds admins; audited)', auth: 'employee', json: 'StaffCreate', ok: 201, answer: ['staff'], errors: [...V, 403, 409] }),
  op({ method: 'get', path: '/api/admin/staff/{id}', tag: 'office team', summary: 'One person of the team with their audit', auth: 'employee', ok: 200, answer: ['staff', 'audit'], errors: [...V, 403, 404] }),
  op({ method: 'patch', path: '/api/admin/staff/{id}', tag: 'office team', summary: 'Change profile, role or is_active (deactivation ends sessions and frees bookings; audited)', auth: 'employee', json: 'StaffPatch', ok: 200, answer: ['staff', 'released'], errors: [...V, 403, 404, 409] }),
  op({ method: 'post', path: '/api/admin/staff/{id}/invitation', tag: 'office team', summary: 'Send a new invitation (the old link stops working)', auth: 'employee', ok: 200, answer: ['staff'], errors: [...V, 403, 404, 409] }),
  op({ method: 'delete', path: '/api/admin/staff/{id}/invitation', tag: 'office team', summary: 'Revoke the open invitation', auth: 'employee', ok: 200, answer: ['staff'], errors: [...V, 403, 404, 409] }),
  op({ method: 'get', path: '/api/admin/bookings', tag: 'office bookings', summary: 'The bookings board (status, on = created|accepted|completed|cancelled|ended: the date from and to apply to and the order, from, to, q, employee, sort, page, limit); each row with its `state`, `state_text` (the office\'s words) and who ended it, when, why', auth: 'employee', ok: 200, answer: ['bookings', 'page', 'limit', 'total', 'total_capped'], errors: [...V, 403] }),
  op({ method: 'get', path: '/api/admin/bookings/{id}', tag: 'office bookings', summary: 'One booking with its history and audit', auth: 'employee', ok: 200, answer: ['booking'], errors: [...V, 403, 404] }),
  op({ method: 'post', path: '/api/admin/bookings/{id}/assign', tag: 'office bookings', summary: 'Hand a waiting booking to an active cleaner (atomic against a cleaner accepting it; audited)', auth: 'employee', json: 'BookingAssign', ok: 200, answer: ['booking'], errors: [...V, 403, 404, 409] }),
  op({ method: 'post', path: '/api/admin/bookings/{id}/unassign', tag: 'office bookings', summary: 'Take an accepted booking back to the available list (audited)', auth: 'employee', ok: 200, answer: ['booking'], errors: [...V, 403, 404, 409] }),
  op({ method: 'post', path: '/api/admin/bookings/{id}/cancel', tag: 'office bookings', summary: 'Cancel a booking with a reason the customer is mailed (audited)', auth: 'employee', json: 'BookingCancel', ok: 200, answer: ['booking'], errors: [...V, 403, 404, 409] }),
  op({ method: 'get', path: '/api/admin/customers', tag: 'office customers', summary: 'Customer records (q, blocked, page, limit)', auth: 'employee', ok: 200, answer: ['customers', 'page', 'limit', 'total', 'total_capped'], errors: [...V, 403] }),
  op({ method: 'get', path: '/api/admin/customers/{id}', tag: 'office customers', summary: 'One customer: profile, bookings, counts and audit', auth: 'employee', ok: 200, answer: ['customer', 'bookings', 'audit'], errors: [...V, 403, 404] }),
  op({ method: 'patch', path: '/api/admin/customers/{id}', tag: 'office customers', summary: 'Block or unblock a customer (blocking ends their sessions; audited)', auth: 'employee', json: 'CustomerPatch', ok: 200, answer: ['customer'], errors: [...V, 403, 404] }),
  op({ method: 'get', path: '/api/admin/audit', tag: 'office', summary: "The office's audit log, newest first (type, target, actor, page, limit); append-only", auth: 'employee', ok: 200, answer: ['entries', 'page', 'limit', 'total', 'total_capped'], errors: [...V, 403] }),
  // Plans and visits (README "Plans and visits"): starts are ISO 8601 with their UTC offset, London wall time
  op({ method: 'get', path: '/api/user/bookings/{id}', tag: 'customer plans', summary: 'My booking with its plan (frequency, days, state: active|paused|ended|cancelled, state_text, paused_until, ends_on, ended_by, ended_at, end_reason, cleaner_first_name, expected_hours, price_pence, price_confirmed) and its next 8 visits, and the change cut-off time (London, the day before a visit) with the late-change charge percent', auth: 'customer', ok: 200, answer: ['booking', 'plan', 'visits', 'change_cutoff', 'late_charge_percent'], errors: [...V, 404] }),
  op({ method: 'get', path: '/api/user/visits', tag: 'customer plans', summary: 'A page of my visits from–to (London dates, at most 93 days; from defaults to today, to to 4 weeks on), in time order', auth: 'customer', ok: 200, answer: ['visits', ...PAGE_FIELDS], errors: V, paged: paged(visitsQuerySchema) }),
  op({ method: 'post', path: '/api/user/visits/{id}/skip', tag: 'customer plans', summary: 'Skip one visit: free until the change cut-off (18:00 London the day before); after it 409 with `charge_pence` until the body says `accept_charge: true`, then the visit records the charge', auth: 'customer', json: 'VisitSkip', jsonOptional: true, ok: 200, answer: ['visit'], errors: [...V, 404, 409], idempotent: true }),
  op({ method: 'post', path: '/api/user/visits/{id}/move', tag: 'customer plans', summary: 'Move one visit to another date and time (not into the past, not onto a day the plan already has a visit, not into a new time past its cut-off); after the visit\'s own cut-off 409 with `charge_pence` until `accept_charge: true`', auth: 'customer', json: 'VisitMove', ok: 200, answer: ['visit'], errors: [...V, 404, 409], idempotent: true }),
  op({ method: 'post', path: '/api/user/bookings/{id}/pause', tag: 'customer plans', summary: 'Pause my plan from–until (both included): those visits are removed (visits past their cut-off are charged: 409 with `charge_pence` and `visits` until `accept_charge: true`)', auth: 'customer', json: 'PlanPause', ok: 200, answer: ['booking', 'plan', 'visits'], errors: [...V, 404, 409], idempotent: true }),
  op({ method: 'post', path: '/api/user/bookings/{id}/resume', tag: 'customer plans', summary: 'Resume my paused plan: its visits come back', auth: 'customer', ok: 200, answer: ['booking', 'plan', 'visits'], errors: [...V, 404, 409], idempotent: true }),
  op({ method: 'post', path: '/api/user/bookings/{id}/end', tag: 'customer plans', summary: 'End my plan from a date: later visits are removed (visits past their cut-off are charged: 409 with `charge_pence` and `visits` until `accept_charge: true`)', auth: 'customer', json: 'PlanEnd', ok: 200, answer: ['booking', 'plan', 'visits'], errors: [...V, 404, 409], idempotent: true }),
  op({ method: 'patch', path: '/api/user/bookings/{id}/schedule', tag: 'customer plans', summary: 'Change the regular time and/or days from a date: this and following visits (moved or skipped ones stay) (visits past their cut-off are charged: 409 with `charge_pence` and `visits` until `accept_charge: true`)', auth: 'customer', json: 'PlanSchedule', ok: 200, answer: ['booking', 'plan', 'visits'], errors: [...V, 404, 409], idempotent: true }),
  op({ method: 'get', path: '/api/employee/visits', tag: 'employee visits', summary: 'A page of my visits from–to (at most 93 days), with when and where', auth: 'employee', ok: 200, answer: ['visits', ...PAGE_FIELDS], errors: [...V, 403], paged: paged(visitsQuerySchema) }),
  op({ method: 'get', path: '/api/employee/available-visits', tag: 'employee visits', summary: 'Cover jobs: visits released by their cleaner, soonest first', auth: 'employee', ok: 200, answer: ['visits', ...PAGE_FIELDS], errors: [...V, 403], paged: paged(workSubmissionsQuerySchema) }),
  op({ method: 'post', path: '/api/employee/visits/{id}/submit-work', tag: 'employee visits', summary: 'Submit hours for one of my visits, once its time has come', auth: 'employee', json: 'WorkSubmission', ok: 200, answer: ['visit'], errors: [...V, 403, 404, 409], idempotent: true }),
  op({ method: 'put', path: '/api/employee/visits/{id}/work', tag: 'employee visits', summary: 'Correct the hours or notes I submitted for a visit (after a query): reviewed again; approved hours are locked', auth: 'employee', json: 'WorkSubmissionUpdate', ok: 200, answer: ['visit'], errors: [...V, 403, 404, 409], idempotent: true }),
  op({ method: 'post', path: '/api/employee/visits/{id}/release', tag: 'employee visits', summary: 'Give up one of my visits, at least 48 h ahead: it becomes a cover job', auth: 'employee', ok: 200, answer: ['visit'], errors: [...V, 403, 404, 409], idempotent: true }),
  op({ method: 'post', path: '/api/employee/visits/{id}/accept', tag: 'employee visits', summary: 'Take a cover job (atomic: one cleaner wins)', auth: 'employee', ok: 200, answer: ['visit'], errors: [...V, 403, 404, 409], idempotent: true }),
  op({ method: 'get', path: '/api/admin/visits', tag: 'office visits', summary: 'A page of visits from–to (at most 93 days), optionally of one cleaner (`none`: cover jobs) and one state (`open`: scheduled, no cleaner)', auth: 'employee', ok: 200, answer: ['visits', ...PAGE_FIELDS], errors: [...V, 403], paged: paged(adminVisitsQuerySchema) }),
  op({ method: 'patch', path: '/api/admin/visits/{id}', tag: 'office visits', summary: 'Move, change the cleaner of, or cancel (with a reason) one visit or this and following (atomic per visit; audited)', auth: 'employee', json: 'AdminVisitPatch', ok: 200, answer: ['visit', 'changed'], errors: [...V, 403, 404, 409] }),
  // Office (admin and super-admin staff): inbox, timesheets, the company's figures
  op({ method: 'get', path: '/api/admin/inbox', tag: 'office inbox', summary: 'Contact messages, enquiries and job applications, new first (kind, status, q, page, limit)', auth: 'employee', ok: 200, answer: ['items', 'counts', 'page', 'limit', 'total'], errors: [...V, 403] }),
  op({ method: 'get', path: '/api/admin/inbox/{kind}/{id}', tag: 'office inbox', summary: 'One inbox item with every field sent', auth: 'employee', ok: 200, answer: ['item'], errors: [...V, 403, 404] }),
  op({ method: 'patch', path: '/api/admin/inbox/{kind}/{id}', tag: 'office inbox', summary: 'Mark an item handled or new, or set its note (audited)', auth: 'employee', json: 'InboxUpdate', ok: 200, answer: ['item'], errors: [...V, 403, 404] }),
  op({ method: 'get', path: '/api/admin/career/{id}/cv', tag: 'office inbox', summary: "A job application's CV, as an attachment under the applicant's file name", auth: 'employee', ok: 200, answer: [], errors: [...V, 403, 404], binary: 'application/octet-stream' }),
  op({ method: 'get', path: '/api/admin/timesheets', tag: 'office timesheets', summary: 'Work submissions of a period (from, to, employee, status, page, limit) with totals per employee; each row with the plan\'s `expected_hours` and `over_expected` (submitted 30 minutes or more over them)', auth: 'employee', ok: 200, answer: ['timesheets', 'totals', 'from', 'to', 'page', 'limit', 'total'], errors: [...V, 403] }),
  op({ method: 'get', path: '/api/admin/timesheets.csv', tag: 'office timesheets', summary: 'Payroll CSV of a period (from, to, employee, status): one row per submission (reference, clean and submitted dates, postcode, hours, pay rate and pay in pence); `part=totals`: a separate file of totals per employee', auth: 'employee', ok: 200, answer: [], errors: [...V, 403], binary: 'text/csv' }),
  op({ method: 'post', path: '/api/admin/timesheets/{bookingId}/approve', tag: 'office timesheets', summary: 'Approve the hours submitted for a booking (audited)', auth: 'employee', ok: 200, answer: ['timesheet'], errors: [...V, 403, 404, 409] }),
  op({ method: 'post', path: '/api/admin/timesheets/{bookingId}/query', tag: 'office timesheets', summary: 'Send the submission back to its cleaner with a question (audited)', auth: 'employee', json: 'TimesheetQueryMessage', ok: 200, answer: ['timesheet'], errors: [...V, 403, 404, 409] }),
  op({ method: 'get', path: '/api/admin/stats', tag: 'office', summary: "The company's figures for a period (from, to; default the last 12 weeks): per week and in all, bookings created, accepted, completed, cancelled (by the office, by the customer within 14 days, or withdrawn) and plans ended (by the customer or by closing the account)", auth: 'employee', ok: 200, answer: ['stats'], errors: [...V, 403] }),
  ...PRICE_OPERATIONS,
  ...CHARGE_OPERATIONS,
  // Notifications: this device's push subscription, the choices per kind, unsubscribing from a mail
  op({ method: 'post', path: '/api/user/push-subscriptions', tag: 'notifications', summary: "Turn on notifications for this device (the browser's PushSubscription; https endpoints on the push services' hosts only)", auth: 'customer', json: 'PushSubscription', ok: 201, answer: [], errors: V }),
  op({ method: 'delete', path: '/api/user/push-subscriptions', tag: 'notifications', summary: 'Turn off notifications for this device (endpoint in the query)', auth: 'customer', ok: 200, answer: [], errors: [...V, 404] }),
  op({ method: 'get', path: '/api/user/notification-preferences', tag: 'notifications', summary: 'My notification choices: e-mail and push per kind', auth: 'customer', ok: 200, answer: ['preferences'], errors: [] }),
  op({ method: 'put', path: '/api/user/notification-preferences', tag: 'notifications', summary: 'Change my notification choices (kinds not sent stay as they are)', auth: 'customer', json: 'NotificationPreferences', ok: 200, answer: ['preferences'], errors: V }),
  op({ method: 'post', path: '/api/employee/push-subscriptions', tag: 'notifications', summary: "Turn on notifications for this device (the browser's PushSubscription; https endpoints on the push services' hosts only)", auth: 'employee', json: 'PushSubscription', ok: 201, answer: [], errors: V }),
  op({ method: 'delete', path: '/api/employee/push-subscriptions', tag: 'notifications', summary: 'Turn off notifications for this device (endpoint in the query)', auth: 'employee', ok: 200, answer: [], errors: [...V, 404] }),
  op({ method: 'get', path: '/api/employee/notification-preferences', tag: 'notifications', summary: 'My notification choices: e-mail and push per kind', auth: 'employee', ok: 200, answer: ['preferences'], errors: [] }),
  op({ method: 'get', path: '/api/user/notices', tag: 'notifications', summary: 'What was I told: every notice sent to me (e-mail and/or push), newest first', auth: 'customer', ok: 200, answer: ['notices', 'page', 'limit', 'total', 'pages'], errors: [400], paged: { query: pagingQuerySchema, defaultLimit: PAGE_LIMIT_DEFAULT } }),
  op({ method: 'get', path: '/api/employee/notices', tag: 'notifications', summary: 'What was I told: every notice sent to me (e-mail and/or push), newest first', auth: 'employee', ok: 200, answer: ['notices', 'page', 'limit', 'total', 'pages'], errors: [400], paged: { query: pagingQuerySchema, defaultLimit: PAGE_LIMIT_DEFAULT } }),
  op({ method: 'put', path: '/api/employee/notification-preferences', tag: 'notifications', summary: 'Change my notification choices (kinds not sent stay as they are)', auth: 'employee', json: 'NotificationPreferences', ok: 200, answer: ['preferences'], errors: V }),
  ...SCHEDULE_OPS,
  op({ method: 'get', path: '/api/push/key', tag: 'notifications', summary: 'The public VAPID key a browser subscribes with', ok: 200, answer: ['publicKey'], errors: [] }),
  op({ method: 'get', path: '/api/unsubscribe', tag: 'notifications', summary: "What a mail's unsubscribe link (token in the query) stops", ok: 200, answer: ['kind', 'label'], errors: V }),
  ...DATA_RIGHTS_OPS,
  ...STATEMENT_OPS,
  ...PAY_OPS,
  ...PAYMENT_OPS,
  ...LEDGER_OPS,
  ...CALENDAR_OPERATIONS,
  op({ method: 'post', path: '/api/unsubscribe', tag: 'notifications', summary: "Stop one kind of e-mail, without signing in: RFC 8058 one-click (token in the query) or the page's button (JSON)", json: 'Unsubscribe', ok: 200, answer: ['kind'], errors: V }),
  ...REMINDER_OPS,
];


export function buildOpenApi(version: string): Json {
  const paths: Record<string, Json> = {};
  for (const o of OPERATIONS) (paths[o.path] ??= {})[o.method] = operationObject(o);
  const schemas: Json = Object.fromEntries(Object.entries(SCHEMAS).map(([name, s]) => [name, jsonSchemaOf(s)]));
  schemas.Error = {
    type: 'object',
    properties: { success: { type: 'boolean', const: false }, message: { type: 'string' }, errors: { type: 'object', additionalProperties: { type: 'string' } }, errorType: { type: 'string' } },
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
        customerBearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Customer token (audience "customer") from login, signup or Google login' },
        employeeBearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Employee token (audience "employee") from the employee login' },
      },
    },
  };
}
