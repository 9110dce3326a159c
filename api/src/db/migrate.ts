import { Migrator, type Kysely, type Migration } from 'kysely';
import { whileMigrating } from '../core/lifecycle.js';
import * as m0001 from './migrations/0001_initial.js';
import * as m0002 from './migrations/0002_signup_consents.js';
import * as m0003 from './migrations/0003_account_safety.js';
import * as m0004 from './migrations/0004_collaboration_and_context.js';
import * as m0005 from './migrations/0005_pin_advertiser_and_client_events.js';
import * as m0006 from './migrations/0006_pins_without_image.js';
import * as m0008 from './migrations/0008_rate_limits.js';
import * as m0010 from './migrations/0010_jobs_and_locks.js';
import * as m0009 from './migrations/0009_picker_and_save_at_scale.js';
import * as m0011 from './migrations/0011_identities.js';
import * as m0012 from './migrations/0012_advertisers.js';
import * as m0013 from './migrations/0013_embeds.js';
import * as m0015 from './migrations/0015_pin_builder.js';
import * as m0018 from './migrations/0018_pin_hashtags.js';
import * as m0019 from './migrations/0019_one_click_per_viewer.js';
import * as m0017 from './migrations/0017_advertiser_more.js';
import * as m0020 from './migrations/0020_email_verification.js';
import * as m0022 from './migrations/0022_one_impression_per_viewer.js';
import * as m0023 from './migrations/0023_counter_deltas.js';
import * as m0024 from './migrations/0024_upload_jobs.js';
import * as m0025 from './migrations/0025_security_settings.js';
import * as m0026 from './migrations/0026_profiles_and_members.js';
import * as m0027 from './migrations/0027_search_and_follows.js';
import * as m0028 from './migrations/0028_board_settings_and_notifications.js';
import * as m0029 from './migrations/0029_import_export.js';
import * as m0031 from './migrations/0031_job_request_id.js';
import * as m0032 from './migrations/0032_search_index_once_per_commit.js';
import * as m0033 from './migrations/0033_counter_delta_ids.js';
import * as m0034 from './migrations/0034_image_release_mark.js';
import * as m0035 from './migrations/0035_security_epoch.js';
import * as m0036 from './migrations/0036_credential_epochs.js';
import * as m0042 from './migrations/0042_state_set_by.js';
import * as m0045 from './migrations/0045_job_dependency_waits.js';
import * as m0049 from './migrations/0049_access_tokens.js';
import * as m0050 from './migrations/0050_signup_invitations.js';
import * as m0051 from './migrations/0051_operators.js';
import * as m0052 from './migrations/0052_reports.js';
import * as m0057 from './migrations/0057_home_feed_items.js';
import * as m0058 from './migrations/0058_notification_notes.js';
import * as m0059 from './migrations/0059_report_hides.js';
import * as m0060 from './migrations/0060_report_queue.js';
import * as m0061 from './migrations/0061_official_domains.js';
import * as m0062 from './migrations/0062_pin_product_tags.js';
import * as m0064 from './migrations/0064_builder_education.js';
import * as m0066 from './migrations/0066_pin_carousel_slots.js';
import * as m0065 from './migrations/0065_scheduled_pins.js';

/** Numbered migrations, listed in code so a bundle or a fresh clone runs the same set. */
const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_signup_consents': m0002,
  '0003_account_safety': m0003,
  '0004_collaboration_and_context': m0004,
  '0005_pin_advertiser_and_client_events': m0005,
  '0006_pins_without_image': m0006,
  '0008_rate_limits': m0008,
  '0010_jobs_and_locks': m0010,
  '0009_picker_and_save_at_scale': m0009,
  '0011_identities': m0011,
  '0012_advertisers': m0012,
  '0013_embeds': m0013,
  '0015_pin_builder': m0015,
  '0018_pin_hashtags': m0018,
  '0017_advertiser_more': m0017,
  '0019_one_click_per_viewer': m0019,
  '0020_email_verification': m0020,
  '0022_one_impression_per_viewer': m0022,
  '0023_counter_deltas': m0023,
  '0024_upload_jobs': m0024,
  '0025_security_settings': m0025,
  '0026_profiles_and_members': m0026,
  '0027_search_and_follows': m0027,
  '0028_board_settings_and_notifications': m0028,
  '0029_import_export': m0029,
  '0031_job_request_id': m0031,
  '0032_search_index_once_per_commit': m0032,
  '0033_counter_delta_ids': m0033,
  '0034_image_release_mark': m0034,
  '0035_security_epoch': m0035,
  '0036_credential_epochs': m0036,
  '0042_state_set_by': m0042,
  '0045_job_dependency_waits': m0045,
  '0049_access_tokens': m0049,
  '0050_signup_invitations': m0050,
  '0051_operators': m0051,
  '0052_reports': m0052,
  '0057_home_feed_items': m0057,
  '0058_notification_notes': m0058,
  '0059_report_hides': m0059,
  '0060_report_queue': m0060,
  '0061_official_domains': m0061,
  '0062_pin_product_tags': m0062,
  '0064_builder_education': m0064,
  '0066_pin_carousel_slots': m0066,
  '0065_scheduled_pins': m0065,
};

/** Runs every migration, or (`upTo`, for a bench that bulk-loads rows first) those up to and including that one. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema came before them
export async function migrate(db: Kysely<any>, upTo?: string): Promise<void> {
  // Branches add numbered migrations side by side; a database that ran a later number still takes an earlier new one.
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true });
  // While it runs, this process's /ready says so (core/lifecycle.ts).
  const { error, results } = await whileMigrating(() => (upTo ? migrator.migrateTo(upTo) : migrator.migrateToLatest()));
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
