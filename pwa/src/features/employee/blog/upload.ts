// Blog create/update as multipart through XMLHttpRequest: fetch() cannot report upload progress,
// and a 200 MB image on a phone needs a progress bar. Errors mirror lib/api (ApiError / NetworkError).
import { ApiError, authHeader, NetworkError } from '@/lib/api';
import { employeeSession } from '@/lib/session';

export interface UploadRequest {
  method: 'POST' | 'PUT';
  path: string;
  form: FormData;
  /** 0..1 of the request body sent so far. */
  onProgress?: (fraction: number) => void;
}

export function uploadWithProgress<T = Record<string, unknown>>({ method, path, form, onProgress }: UploadRequest): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [k, v] of Object.entries(authHeader('employee'))) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new NetworkError());
    xhr.onload = () => {
      let data: Record<string, unknown> = {};
      try {
        data = xhr.responseText ? (JSON.parse(xhr.responseText) as Record<string, unknown>) : {};
      } catch {
        /* not JSON: keep the generic message */
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve(data as T);
        return;
      }
      // Spec §4: an employee 401 clears the token; the portal's guard then shows the login screen.
      if (xhr.status === 401) employeeSession.clear();
      reject(new ApiError(xhr.status, typeof data.message === 'string' ? data.message : `Request failed (${xhr.status})`, data));
    };
    xhr.send(form);
  });
}
