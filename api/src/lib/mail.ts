import nodemailer from 'nodemailer';

/** One outgoing email: plain text, so nothing a user typed can become markup. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
}

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
