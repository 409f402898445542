// Files the office downloads (a CV, the payroll CSV) need the staff token, so a plain link cannot
// fetch them: fetch with the token, then hand the bytes to the browser as a download.
import { ApiError, NetworkError, authHeader } from '@/lib/api';

/** The file name from a Content-Disposition header (RFC 6266: filename* first, then filename). */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      /* a malformed escape: fall back to the plain name */
    }
  }
  const plain = /filename="([^"]*)"/i.exec(disposition);
  return plain ? plain[1] : fallback;
}

export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  let res: Response;
  try {
    res = await fetch(path, { headers: authHeader('employee') });
  } catch {
    throw new NetworkError();
  }
  if (!res.ok) {
    const data = (await res.json().catch(() => ({}))) as { message?: string };
    throw new ApiError(res.status, data.message ?? `Request failed (${res.status})`, data);
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = fileNameOf(res.headers.get('Content-Disposition'), fallbackName);
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked on the next turn: the click has handed the bytes to the browser by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
