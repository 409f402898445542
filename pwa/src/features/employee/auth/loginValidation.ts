// The staff sign-in form's validation, in its own chunk: loaded on the form's first input or submit.
export { employeeLoginSchema } from '@shared/schemas/employee';
