import { mkdirSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { connectSqlite } from '../db/connect.js';
import { backup, restore } from '../ops/backup.js';
import { testApp } from '../testing.js';
import { transferPerson } from '../transfer/testing.js';
import { ownerOnlyDir } from './private-files.js';

const modeOf = (path: string) => statSync(path).mode & 0o777;

/** Backups and exports hold people's data: readable by the server's own user only, whatever the umask. */
describe('backups and export files are written readable by their owner only', () => {
  it('a backup file is 0600, and so is the database a restore writes', async () => {
    const previous = process.umask(0o022);
    try {
      const dir = mkdtempSync(join(tmpdir(), 'corkboard-private-backup-'));
      const databasePath = join(dir, 'live.sqlite');
      const t = await testApp({ db: connectSqlite(databasePath), config: { mediaDir: join(dir, 'media') } });
      await t.makeUser('keeper');
      const file = join(dir, 'backup.zip');
      await backup({ ...t.deps.config, databaseUrl: `sqlite:${databasePath}` }, file);
      expect(modeOf(file)).toBe(0o600);
      await t.db.destroy();
      const restored = await restore({ databaseUrl: undefined, mediaDir: 'unused' }, file, join(dir, 'restored'));
      expect(modeOf(restored.databasePath)).toBe(0o600);
    } finally {
      process.umask(previous);
    }
  });

  it('an export is stored 0600, in a work directory that is 0700', async () => {
    const previous = process.umask(0o022);
    try {
      const t = await testApp();
      const alice = await transferPerson(t);
      await t.makeBoard(alice.user.id, 'Kitchen');
      expect((await alice.browser.post('ExportResource', 'create', {})).status).toBe(200);
      await t.runJobs();
      const exported = (await alice.status()).export;
      expect(exported).toMatchObject({ status: 'done' });
      expect(modeOf(join(t.deps.config.mediaDir, 'transfers', `${exported.id}.zip`))).toBe(0o600);
      expect(modeOf(join(t.deps.config.mediaDir, 'transfers-work'))).toBe(0o700);
    } finally {
      process.umask(previous);
    }
  });

  it('a directory made before with a wider mode is narrowed', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'corkboard-private-dir-')), 'work');
    mkdirSync(dir, { mode: 0o755 });
    await ownerOnlyDir(dir);
    expect(modeOf(dir)).toBe(0o700);
  });
});
