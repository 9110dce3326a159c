import { loadConfig } from './config.js';
import { connect } from './db/connect.js';
import { migrate } from './db/migrate.js';
import { runAdmin } from './auth/operator.js';
import { systemClock } from './lib/clock.js';

/** npm run admin -- <command> <email> …: the operator's command line (auth/operator.ts). Same DATABASE_URL as the server. */
const config = loadConfig();
const db = connect(config.databaseUrl);
try {
  await migrate(db);
  console.log(await runAdmin({ db, config, clock: systemClock }, process.argv.slice(2)));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
