import type { Readable } from 'node:stream';

/** What a stored object is, as a reader or the sweeper needs it. */
export interface ObjectInfo {
  size: number;
  /** Quoted, as an ETag header carries it. Objects are never rewritten under a key, so it never goes stale. */
  etag: string;
  modifiedMs: number;
}

/** An object opened: its bytes as a stream, or whole when the caller allowed it and the store could. */
export type Opened = { info: ObjectInfo; body: Readable; bytes?: undefined } | { info: ObjectInfo; bytes: Uint8Array<ArrayBuffer>; body?: undefined };

/**
 * Where media lives: renditions (`{imageId}/{rendition}.jpg`), staged uploads
 * (`uploads/{id}.upload`) and videos (`videos/{id}.{format}`), under keys that are the same on every backend
 * (so a directory copies into a bucket as it is, media/copy.ts). Every write is whole or absent: a
 * reader finds an object complete or not at all, never a half-written one.
 * Implementations: the MEDIA_DIR directory (local.ts) and an S3-compatible bucket (s3.ts).
 */
export interface MediaObjects {
  readonly kind: 'local' | 's3';
  /** Where it is, for messages: the directory, or s3://bucket/prefix. */
  readonly where: string;
  /**
   * Writes several objects under `dir/`; on the directory the set appears at once, in a bucket each object
   * at once. The caller writes the row that names them only after this resolves.
   */
  putSet(dir: string, files: Record<string, Buffer>, contentType: string): Promise<void>;
  /** Moves a complete local file (a finished upload) in under `key`; the file is gone afterwards unless `keep`. */
  putFile(key: string, path: string, contentType: string, options?: { keep?: boolean }): Promise<void>;
  /** The object's bytes as a stream, with its info; undefined when there is none. */
  open(key: string): Promise<{ info: ObjectInfo; body: Readable } | undefined>;
  /**
   * As open(), but an object of at most `upTo` bytes may come whole (`bytes`, no stream) where the store can
   * read it in one step: the directory does, from memory when it was read lately. For answering requests,
   * where a stream costs more than the bytes of a small picture.
   */
  openSmall(key: string, upTo: number): Promise<Opened | undefined>;
  /** The object's bytes; undefined when there is none. */
  read(key: string): Promise<Buffer | undefined>;
  /** Removes one object; none there is not an error. */
  delete(key: string): Promise<void>;
  /** Removes every object under `dir/`. */
  deleteDir(dir: string): Promise<void>;
  /** The objects whose keys start with `prefix`, with when they were written. */
  list(prefix: string): Promise<Array<{ key: string; size: number; modifiedMs: number }>>;
  /** Resolves when the store answers (for a readiness probe); rejects with the reason when it does not. */
  check(): Promise<void>;
}
