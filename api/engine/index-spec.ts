// An index as declared: its spec, the name mongod gives it by default, and the duplicate-key error
// a unique one raises, worded as mongod words it.
import { fail } from './errors.js';
import { type Doc, getPath, isPlainObject, toView } from './values.js';

export interface IndexSpec extends Doc {
  key: Doc;
  name: string;
  unique?: boolean;
  sparse?: boolean;
  expireAfterSeconds?: number;
  partialFilterExpression?: Doc;
}

export function defaultIndexName(key: Doc): string {
  return Object.entries(key)
    .map(([k, v]) => `${k}_${String(toView(v))}`)
    .join('_');
}

/** E11000 for a document whose key a unique index already holds for another. */
export function duplicateKey(spec: IndexSpec, ns: string, raw: Doc): never {
  const keyValue: Doc = {};
  for (const f of Object.keys(spec.key)) keyValue[f] = getPath(raw, f) ?? null;
  const shown = Object.entries(keyValue)
    .map(([k, v]) => `${k}: ${formatValue(v)}`)
    .join(', ');
  fail('DuplicateKey', `E11000 duplicate key error collection: ${ns} index: ${spec.name} dup key: { ${shown} }`, {
    keyPattern: spec.key,
    keyValue,
  });
}

function formatValue(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v);
  if (v === null || v === undefined) return 'null';
  if (v instanceof Date) return `new Date(${v.getTime()})`;
  if (Array.isArray(v)) return `[ ${v.map(formatValue).join(', ')} ]`;
  if (isPlainObject(v)) return `{ ${Object.entries(v).map(([k, x]) => `${k}: ${formatValue(x)}`).join(', ')} }`;
  const t = (v as { _bsontype?: string; })._bsontype;
  if (t === 'ObjectId') return `ObjectId('${String(v)}')`;
  return String(v);
}
