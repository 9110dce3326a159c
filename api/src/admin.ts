import { loadConfig } from './config.js';
import { connect } from './db/connect.js';
import { migrate } from './db/migrate.js';
import { ADMIN_USAGE, runAdmin } from './operators/commands/accounts.js';
import { ADVERTISER_USAGE, runAdvertiserAdmin } from './operators/commands/advertisers.js';
import { systemClock } from './lib/clock.js';
import { BACKUP_USAGE, runBackupAdmin } from './ops/backup.js';
import { MEDIA_USAGE, runMediaAdmin } from './media/operator.js';
import { JOBS_USAGE, runJobsAdmin } from './jobs/operator.js';
import { AVIF_USAGE, runImagesAdmin } from './images/avif.js';

/** npm run admin -- <command> <email> …: the operator's command line (operators/commands/accounts.ts). Same DATABASE_URL as the server. */
const config = loadConfig();
const argv = process.argv.slice(2);

/** The commands on accounts and advertisers: over the migrated database. */
async function databaseCommand(): Promise<string> {
  const db = connect(config.databaseUrl);
  try {
    await migrate(db);
    const deps = { db, config, clock: systemClock };
    // The advertiser area's commands first (operators/commands/advertisers.ts), then the account ones.
    const done = (await runAdvertiserAdmin(deps, argv)) ?? (await runJobsAdmin(deps, argv)) ?? (await runImagesAdmin(deps, argv));
    if (done !== null) return done;
    if (!argv[0] || argv[0] === 'help') return `${ADMIN_USAGE}\n\n${ADVERTISER_USAGE}\n\n${MEDIA_USAGE}\n\n${BACKUP_USAGE}\n\n${JOBS_USAGE}\n\n${AVIF_USAGE}`;
    return await runAdmin(deps, argv);
  } finally {
    await db.destroy();
  }
}

try {
  // Backup and restore (ops/backup.ts) and the media commands (media/operator.ts) open what they
  // need themselves: a restore writes where no database is yet.
  console.log((await runBackupAdmin(config, argv)) ?? (await runMediaAdmin(config, argv)) ?? (await databaseCommand()));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
