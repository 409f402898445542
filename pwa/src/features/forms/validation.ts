// The forms' validation: the shared zod schemas, loaded on the form's first input (or at the latest on
// submit), not with the page: most of zod is not needed to paint a form or to type into it.
export { careerSchema, contactSchema, enquirySchema } from '@shared/schemas/forms';
