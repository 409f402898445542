// The sign-in forms' validation (zod schemas), loaded on the form's first input or submit rather than
// with the page: the form paints and takes input without it.
import { lazyModule } from '@/lib/lazyModule';

export const authValidation = lazyModule(() => import('@shared/schemas/auth'));
