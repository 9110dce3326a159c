import { loadConfig } from './config.js';
import { connect } from './db/connect.js';
import { migrate } from './db/migrate.js';
import { ADMIN_USAGE, runAdmin } from './auth/operator.js';
import { ADVERTISER_USAGE, runAdvertiserAdmin } from './advertisers/operator.js';
import { systemClock } from './lib/clock.js';
import { MEDIA_USAGE, runMediaAdmin } from './media/objects/operator.js';

/** npm run admin -- <command> <email> …: the operator's command line (auth/operator.ts). Same DATABASE_URL as the server. */
const config = loadConfig();
const db = connect(config.databaseUrl);
try {
  await migrate(db);
  const deps = { db, config, clock: systemClock };
  const argv = process.argv.slice(2);
  // The advertiser area's commands first (advertisers/operator.ts), then the account ones.
  const done = (await runMediaAdmin(config, argv)) ?? (await runAdvertiserAdmin(deps, argv));
  if (done !== null) console.log(done);
  else if (!argv[0] || argv[0] === 'help') console.log(`${ADMIN_USAGE}\n\n${ADVERTISER_USAGE}\n\n${MEDIA_USAGE}`);
  else console.log(await runAdmin(deps, argv));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
