// What mongod stores as an `_id`: since 5.0 documents may hold `$`-prefixed field names, but an
// `_id` that is an object may not (it is matched and indexed as a whole, where such a name reads
// as an operator). A DBRef (`$ref`, `$id`, then an optional `$db`) is the one exception.
import { fail } from './errors.js';
import { type Doc, isPlainObject, newObjectId } from './values.js';

/** The first `$`-prefixed name inside `value` that is not a DBRef's, at any depth. */
function dollarName(value: unknown): string | undefined {
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = dollarName(item);
      if (found) return found;
    }
    return undefined;
  }
  if (!isPlainObject(value)) return undefined;
  const names = Object.keys(value);
  const dbRef = names[0] === '$ref' && typeof value.$ref === 'string' && names[1] === '$id';
  for (let i = 0; i < names.length; i++) {
    const name = names[i];
    const refPart = dbRef && (i < 2 || (i === 2 && name === '$db' && typeof value.$db === 'string'));
    if (name.startsWith('$') && !refPart) return name;
    const found = dollarName(value[name]);
    if (found) return found;
  }
  return undefined;
}

/** Refuses an `_id` object holding a `$`-prefixed field, with mongod's code and words. */
export function checkIdForStorage(doc: Doc): void {
  const name = dollarName(isPlainObject(doc._id) ? doc._id : undefined);
  if (name) fail('DollarPrefixedFieldName', `_id fields may not contain '$'-prefixed fields: ${name} is not valid for storage.`);
}

/** Puts `_id` first (as mongod does) and generates an ObjectId when it is missing. */
export function withId(raw: Doc): Doc {
  for (const first in raw) {
    if (first === '_id') return raw; // the usual case: the driver puts _id first
    break;
  }
  const id = '_id' in raw ? raw._id : newObjectId();
  const out: Doc = { _id: id };
  for (const k of Object.keys(raw)) if (k !== '_id') out[k] = raw[k];
  return out;
}
