import nodemailer from 'nodemailer';

/** One outgoing email: plain text, so nothing a user typed can become markup. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** User text on one line of a mail: control characters (newlines included) become spaces, so a name cannot forge lines. */
export const oneLine = (text: string) => text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** Two-factor codes go out through this; a real deployment plugs in its SMS provider here. */
export interface SmsSender {
  send(to: string, text: string): Promise<void>;
}

/** Mail through the SMTP server named by SMTP_URL (smtp://user:pass@host:port, smtps://…). */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}
