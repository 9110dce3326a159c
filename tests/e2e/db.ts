import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { E2E_DATABASE } from './origins';

/** Reads what the running server wrote (read-only; WAL lets us read beside it). */
export function readRows<T>(query: string, ...params: unknown[]): T[] {
  const db = new Database(fileURLToPath(new URL(`../../${E2E_DATABASE}`, import.meta.url)), { readonly: true });
  try {
    return db.prepare(query).all(...params) as T[];
  } finally {
    db.close();
  }
}
