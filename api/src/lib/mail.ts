import nodemailer from 'nodemailer';

/** One outgoing email as a transport carries it: plain text, so nothing a user typed can become markup. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** User text on one line of a mail: control characters (newlines included) become spaces, so a name cannot forge lines. */
export const oneLine = (text: string) => text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();

/**
 * What carries mail out: SMTP, the dev outbox, or a test's capture. Only the message gate
 * (lib/messages/gate.ts, made once in outbox/service.ts) holds one; everything else sends through the gate.
 */
export interface MailTransport {
  send(mail: Mail): Promise<void>;
}

/** What carries a text message out; a real deployment plugs in its SMS provider here (the dev outbox by default). */
export interface SmsTransport {
  send(to: string, text: string): Promise<void>;
}

/** Mail through the SMTP server named by SMTP_URL (smtp://user:pass@host:port, smtps://…). */
export function smtpMailer(url: string, from: string): MailTransport {
  const transport = nodemailer.createTransport(url);
  return {
    async send(mail) {
      // `to` is the one canonical mailbox the gate let through (lib/messages/recipient.ts), never a list.
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}

export type { Mailer, SmsSender } from './messages/gate.js';
