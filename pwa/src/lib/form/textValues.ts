// An edit form starts from the record it edits (or from nothing when it creates one): each text
// field takes the record's value, or '' where the record has none, so every control is controlled.

/** `{ key: source[key] ?? '' }` for each key; all '' when there is no source. */
export function textValues<K extends string>(source: Partial<Record<K, string | null>> | null | undefined, keys: readonly K[]): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const key of keys) out[key] = source?.[key] ?? '';
  return out;
}
