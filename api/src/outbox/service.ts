import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import { smtpMailer, type MailTransport, type SmsTransport } from '../lib/mail.js';
import { messageGate, type Gate } from '../lib/messages/gate.js';
import type { Deps } from '../deps.js';
import { outboxStore } from './store.js';

/**
 * The dev outbox: without SMTP_URL mail is kept in the database and shown at /dev/outbox (outside
 * production), and the default SMS sender does the same, so a person can try reset links and
 * two-factor codes locally and end-to-end tests can read them.
 */
function devOutbox(db: Kysely<Database>, clock: Clock): { mail: MailTransport; sms: SmsTransport } {
  const store = outboxStore(db);
  return {
    mail: {
      send: (mail) => store.insert({ id: newId(), channel: 'email', to_address: mail.to, subject: mail.subject, body: mail.text, created_at: clock.now() }),
    },
    sms: { send: (to, text) => store.insert({ id: newId(), channel: 'sms', to_address: to, subject: 'SMS', body: text, created_at: clock.now() }) },
  };
}

const gates = new WeakMap<Deps, Gate>();

/**
 * The message gate of a Deps (lib/messages/gate.ts), made once: it alone holds the transports (the injected
 * ones, else SMTP when configured, else the dev outbox). Every mail, text and notification goes through it.
 */
export function outgoingFor(deps: Deps): Gate {
  let gate = gates.get(deps);
  if (!gate) {
    const dev = devOutbox(deps.db, deps.clock);
    const mail = deps.mailer ?? (deps.config.smtpUrl ? smtpMailer(deps.config.smtpUrl, deps.config.mailFrom) : dev.mail);
    gate = messageGate(deps, { mail, sms: deps.sms ?? dev.sms });
    gates.set(deps, gate);
  }
  return gate;
}
