// The session guards the routers use: http/auth.ts's token check with the accounts services that load
// and check the account (blocked, inactive, token version), and the office member as the audit log
// records them.
import type { Context, Middleware } from 'koa';
import { employeeOf, requireSession, type TokenService } from '../http/auth';
import { sessionCustomer } from '../services/accounts/customer-account';
import { sessionEmployee } from '../services/accounts/employee-account';
import { actorOf, type AuditActor } from '../services/office/audit';

/** A signed-in customer whose token is current; the account lands on ctx.state.user. */
export const requireCustomer = (deps: { tokens: TokenService; }): Middleware => requireSession(deps, 'customer', 'user', sessionCustomer);

/** A signed-in, active employee whose token is current; the account lands on ctx.state.employee. */
export const requireEmployee = (deps: { tokens: TokenService; }): Middleware => requireSession(deps, 'employee', 'employee', sessionEmployee);

/** The signed-in office member (loaded by requireEmployee), as the audit log records them. */
export const officeActor = (ctx: Context): AuditActor => actorOf(employeeOf(ctx));
