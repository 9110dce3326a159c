/**
 * A record with one entry per key, typed by its keys: Object.fromEntries answers `{[k: string]: V}`, which
 * would tell the web app that any key may be there and none must be, so answers built this way keep their
 * keys in the contract the client reads.
 */
export function recordOf<K extends string, V>(keys: readonly K[], value: (key: K) => V): Record<K, V> {
  // Every key is written below, so the record is whole when it is returned.
  const record = {} as Record<K, V>;
  for (const key of keys) record[key] = value(key);
  return record;
}
