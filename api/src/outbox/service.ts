import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import { smtpMailer, type Mailer, type SmsSender } from '../lib/mail.js';
import type { Deps } from '../deps.js';
import { outboxStore } from './store.js';

/**
 * The dev outbox: without SMTP_URL mail is kept in the database and shown at /dev/outbox (outside
 * production), and the default SMS sender does the same, so a person can try reset links and
 * two-factor codes locally and end-to-end tests can read them.
 */
export function outbox(db: Kysely<Database>, clock: Clock): { mailer: Mailer; sms: SmsSender } {
  const store = outboxStore(db);
  return {
    mailer: { send: (mail) => store.insert({ id: newId(), channel: 'email', to_address: mail.to, subject: mail.subject, body: mail.text, created_at: clock.now() }) },
    sms: { send: (to, text) => store.insert({ id: newId(), channel: 'sms', to_address: to, subject: 'SMS', body: text, created_at: clock.now() }) },
  };
}

/** The mailer and SMS sender a Deps implies: the injected ones, else SMTP when configured, else the dev outbox. */
export function outgoingFor(deps: Deps): { mailer: Mailer; sms: SmsSender } {
  const dev = outbox(deps.db, deps.clock);
  return {
    mailer: deps.mailer ?? (deps.config.smtpUrl ? smtpMailer(deps.config.smtpUrl, deps.config.mailFrom) : dev.mailer),
    sms: deps.sms ?? dev.sms,
  };
}
