import type { Context } from 'koa';
import { employeeOf } from '../../http/auth';
import { actorOf, type AuditActor } from '../../services/office/audit';

/** The signed-in office member (loaded by the employee guard), as the audit log records them. */
export const officeActor = (ctx: Context): AuditActor => actorOf(employeeOf(ctx));
