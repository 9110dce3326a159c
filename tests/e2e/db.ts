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

/** Sets up what no product page can (an advertiser, a verified domain), as an operator would. */
export function writeRows(query: string, ...params: unknown[]): void {
  const db = new Database(fileURLToPath(new URL(`../../${E2E_DATABASE}`, import.meta.url)));
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare(query).run(...params);
  } finally {
    db.close();
  }
}
