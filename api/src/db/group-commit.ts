import { closeSync, fdatasync, open } from 'node:fs';

/** The WAL's sync, shared by the commits made while one runs, and the file's release when the database closes. */
export interface WalSyncer {
  (): Promise<void>;
  /** Lets the WAL's descriptor go (at once, or when the sync under way ends); a later call opens it again. */
  close(): void;
}

/**
 * Group commit for SQLite in WAL mode. With `synchronous = NORMAL` a commit writes its frames to the
 * WAL (the OS has them: a kill -9 loses nothing) but does not sync them to disk, so a power loss could
 * lose the last commits. Syncing at every commit (`FULL`) blocked the event loop for most of a save's
 * time (48% of its CPU profile). Instead, a request that wrote waits for a sync of the WAL that started
 * after its commit, run off the event loop (libuv's pool), and all the commits made meanwhile share it:
 * acknowledged means on disk, as with FULL, at one sync per group rather than one per save.
 *
 * Through fs's callbacks, not fs/promises: a sync is then one request to the pool and one promise, where a
 * FileHandle's datasync made five more promises (every one of them also runs the request context's hooks).
 */
export function walSyncer(walPath: string): WalSyncer {
  let fd: number | undefined;
  let closing = false;
  let running: Promise<void> | undefined;
  let next: Promise<void> | undefined;
  const release = () => {
    if (fd !== undefined) closeSync(fd);
    fd = undefined;
    closing = false;
  };
  const syncOnce = () =>
    new Promise<void>((resolve, reject) => {
      const sync = (handle: number) => fdatasync(handle, (error) => (error ? reject(error) : resolve()));
      if (fd !== undefined) return sync(fd);
      // Opened on first need: SQLite makes the -wal file at its first write, and keeps it while connected.
      open(walPath, 'r', (error, opened) => {
        if (error) return reject(error);
        fd = opened;
        sync(opened);
      });
    });
  const ended = () => {
    running = undefined;
    if (closing) release();
  };
  const start = () =>
    (running = syncOnce().then(ended, (error: unknown) => {
      ended();
      throw error;
    }));
  const syncer = () => {
    if (!running) return start();
    // A sync already under way may have started before the caller's commit: wait for the one after it.
    next ??= running.then(
      () => ((next = undefined), start()),
      () => ((next = undefined), start()),
    );
    return next;
  };
  syncer.close = () => {
    // Never under a sync that is using it: its descriptor number could meanwhile name another file.
    if (running) closing = true;
    else release();
  };
  return syncer;
}
