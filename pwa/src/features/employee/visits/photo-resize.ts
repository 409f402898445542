// A photo from the phone's camera, made small before it is kept: the longest edge at most
// PHOTO_MAX_EDGE px, re-encoded as JPEG (which also drops the camera's location and other EXIF data).
import { PHOTO_MAX_EDGE } from '@shared/schemas/photos';

const QUALITY = 0.85;

export async function resizeToJpeg(file: Blob, maxEdge = PHOTO_MAX_EDGE): Promise<Blob> {
  // createImageBitmap applies the photo's EXIF orientation, so a portrait shot stays upright.
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  const scale = Math.min(1, maxEdge / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const g = canvas.getContext('2d');
  if (!g) throw new Error('no canvas');
  g.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('no JPEG'))), 'image/jpeg', QUALITY));
}
