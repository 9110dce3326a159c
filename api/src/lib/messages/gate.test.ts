import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { testApp } from '../../testing.js';
import { MESSAGE_LIMITS } from '../limits.js';
import type { Mail } from '../mail.js';
import { messageGate, type Outcome } from './gate.js';

/** A gate over a fresh database whose transports keep what they were handed. */
async function capturingGate(options: { failMail?: () => boolean } = {}) {
  const t = await testApp();
  const mails: Mail[] = [];
  const texts: Array<{ to: string; text: string }> = [];
  const gate = messageGate(t.deps, {
    mail: {
      async send(mail) {
        if (options.failMail?.()) throw new Error('mail server down');
        mails.push(mail);
      },
    },
    sms: { send: async (to, text) => void texts.push({ to, text }) },
  });
  return { t, gate, mails, texts };
}

const verified = { email: 'owner@example.com', email_verified_at: 1 };
const notice = (account: { email: string; email_verified_at: number | null }, kind: `notice.${string}` = 'notice.deactivated') =>
  ({ kind, account, subject: 'Notice', text: 'Your account changed.' }) as const;
const count = (outcomes: Outcome[], outcome: Outcome) => outcomes.filter((o) => o === outcome).length;

describe('the message gate: mail', () => {
  it('sends an account notice only to a verified address, and a burst of one kind as one mail', async () => {
    const { gate, mails } = await capturingGate();
    expect(await gate.mailer.send(notice({ email: 'stranger@example.com', email_verified_at: null }))).toBe('held');
    const burst: Outcome[] = [];
    for (let i = 0; i < 15; i++) burst.push(await gate.mailer.send(notice(verified)));
    expect(burst[0]).toBe('sent');
    expect(count(burst, 'folded')).toBe(14);
    // Another kind is another message.
    expect(await gate.mailer.send(notice(verified, 'notice.mfa_off'))).toBe('sent');
    expect(mails.map((m) => m.to)).toEqual(['owner@example.com', 'owner@example.com']);
  });

  it('sends a verification mail to an address nobody verified, never folded, up to the address’s share over every spelling', async () => {
    const { gate, mails } = await capturingGate();
    const spellings = ['victim@example.com', 'Victim@Example.com', 'VICTIM@EXAMPLE.COM'];
    const outcomes: Outcome[] = [];
    for (let i = 0; i < 100; i++) outcomes.push(await gate.mailer.send({ kind: 'verify.email', to: spellings[i % 3]!, subject: 'Confirm', text: `link ${i}` }));
    expect(count(outcomes, 'sent')).toBe(MESSAGE_LIMITS.mailRecipient.points);
    expect(count(outcomes, 'limited')).toBe(100 - MESSAGE_LIMITS.mailRecipient.points);
    expect(new Set(mails.map((m) => m.to))).toEqual(new Set(['victim@example.com']));
    // Each link was its own mail: none folded into another.
    expect(new Set(mails.map((m) => m.text)).size).toBe(MESSAGE_LIMITS.mailRecipient.points);
  });

  it('keeps an account’s notices on a share of their own: mail a stranger can cause does not use it up', async () => {
    const { gate } = await capturingGate();
    for (let i = 0; i < 100; i++) await gate.mailer.send({ kind: 'verify.reset', to: verified.email, subject: 'Reset', text: `link ${i}` });
    expect(await gate.mailer.send({ kind: 'verify.reset', to: verified.email, subject: 'Reset', text: 'one more' })).toBe('limited');
    expect(await gate.mailer.send(notice(verified, 'notice.mfa_off'))).toBe('sent');
  });

  it('holds one sender to its share over every recipient, and one recipient to its share over every sender', async () => {
    const { gate, mails } = await capturingGate();
    const invite = (to: string, sender: string, about: string) =>
      gate.mailer.send({ kind: 'invite.board', to, sender, about, subject: 'Invite', text: 'Join my board' });
    const bySpammer: Outcome[] = [];
    for (let i = 0; i < 300; i++) bySpammer.push(await invite(`person${i}@example.com`, 'spammer', `board${i}`));
    expect(count(bySpammer, 'sent')).toBe(MESSAGE_LIMITS.mailSender.points);
    expect(count(bySpammer, 'limited')).toBe(300 - MESSAGE_LIMITS.mailSender.points);

    const toVictim: Outcome[] = [];
    for (let i = 0; i < 100; i++) toVictim.push(await invite('victim@example.com', `account${i}`, 'board'));
    expect(count(toVictim, 'sent')).toBe(MESSAGE_LIMITS.mailRecipient.points);
    expect(mails.filter((m) => m.to === 'victim@example.com')).toHaveLength(MESSAGE_LIMITS.mailRecipient.points);
  });

  it('folds the same invite from the same sender about the same board, and counts a folded one against no share', async () => {
    const { gate } = await capturingGate();
    const invite = (about: string) =>
      gate.mailer.send({ kind: 'invite.board', to: 'pal@example.com', sender: 'owner', about, subject: 'Invite', text: 'Join' });
    expect(await invite('kitchen')).toBe('sent');
    for (let i = 0; i < 50; i++) expect(await invite('kitchen')).toBe('folded');
    expect(await invite('garden')).toBe('sent');
  });

  it('refuses a recipient that is not exactly one mailbox, sending nothing', async () => {
    const { gate, mails } = await capturingGate();
    for (const to of ['a@example.com, b@example.com', 'Eve <eve@example.com>', 'group: a@example.com;', '"a\nb"@example.com'])
      expect(await gate.mailer.send({ kind: 'verify.email', to, subject: 'Confirm', text: 'link' })).toBe('refused');
    expect(await gate.mailer.send(notice({ email: 'a@example.com, b@example.com', email_verified_at: 1 }))).toBe('refused');
    expect(mails).toEqual([]);
  });

  it('gives back what a failed delivery took, so the message can be sent again', async () => {
    let down = true;
    const { gate, mails } = await capturingGate({ failMail: () => down });
    expect(await gate.mailer.send(notice(verified))).toBe('failed');
    down = false;
    expect(await gate.mailer.send(notice(verified))).toBe('sent');
    expect(mails).toHaveLength(1);
  });
});

describe('the message gate: texts', () => {
  it('keys a phone on its E.164 form: two spellings of one number share one share, and the text goes to E.164', async () => {
    const { gate, texts } = await capturingGate();
    const outcomes: Outcome[] = [];
    for (let i = 0; i < 30; i++)
      outcomes.push(await gate.sms.send({ kind: 'verify.sms_code', to: i % 2 ? '+1 (555) 000-1234' : '+15550001234', text: `code ${i}` }));
    expect(count(outcomes, 'sent')).toBe(MESSAGE_LIMITS.smsRecipient.points);
    expect(new Set(texts.map((s) => s.to))).toEqual(new Set(['+15550001234']));
    expect(await gate.sms.send({ kind: 'verify.sms_code', to: '5550001234', text: 'code' })).toBe('refused');
  });
});

describe('the message gate: notifications in the app', () => {
  it('writes a repeat once, and holds one actor to its share', async () => {
    const { gate } = await capturingGate();
    const written: string[] = [];
    const write = async (admitted: Array<{ recipientId: string }>) => void written.push(...admitted.map((m) => m.recipientId));
    for (let i = 0; i < 20; i++) await gate.inApp([{ kind: 'new_follower', recipientId: 'olive', senderId: 'stan' }], write);
    expect(written).toEqual(['olive']);
    const many = Array.from({ length: MESSAGE_LIMITS.appSender.points + 5 }, (_, i) => ({ kind: 'new_follower', recipientId: `r${i}`, senderId: 'spammer' }));
    await gate.inApp(many, write);
    expect(written.filter((r) => r !== 'olive')).toHaveLength(MESSAGE_LIMITS.appSender.points);
  });
});

describe('the one gate', () => {
  it('is the only holder of a transport: no other server module names one, makes SMTP, or writes the outbox', () => {
    const root = fileURLToPath(new URL('../../', import.meta.url));
    const walk = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        return statSync(path).isDirectory() ? walk(path) : name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
      });
    const holders = walk(root)
      .filter((file) =>
        /\b(MailTransport|SmsTransport|smtpMailer|nodemailer|outboxStore\([^)]*\)\.insert)\b|\bdeps\.(mailer|sms)\b/.test(readFileSync(file, 'utf8')),
      )
      .map((file) => relative(root, file))
      .sort();
    expect(holders).toEqual(['deps.ts', 'lib/mail.ts', 'lib/messages/gate.ts', 'outbox/service.ts']);
  });
});
