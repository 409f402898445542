// Files the office downloads (a CV, the payroll CSV) need the staff token, so a plain link cannot
// fetch them: read them through the api client with the token (its errors, its one 401 path), then
// hand the bytes to the browser as a download.
import { apiBlob } from '@/lib/api';

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
  const { blob, headers } = await apiBlob(path, { auth: 'employee' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileNameOf(headers.get('Content-Disposition'), fallbackName);
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked on the next turn: the click has handed the bytes to the browser by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
