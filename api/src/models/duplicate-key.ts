/** A write refused by a unique index (MongoDB error 11000): "it already exists", never a server fault. */
export function isDuplicateKey(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: number; }).code === 11000;
}
