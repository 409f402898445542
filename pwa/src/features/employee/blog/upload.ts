// Blog create/update as multipart with upload progress, through the api client's upload (its errors
// and its one 401 path: the token is cleared and the portal goes to its login).
import { apiUpload } from '@/lib/api';

export interface UploadRequest {
  method: 'POST' | 'PUT';
  path: string;
  form: FormData;
  /** 0..1 of the request body sent so far. */
  onProgress?: (fraction: number) => void;
}

export function uploadWithProgress<T = Record<string, unknown>>({ method, path, form, onProgress }: UploadRequest): Promise<T> {
  return apiUpload<T>(path, { method, auth: 'employee', form, onProgress });
}
