import type { Deps } from '../../deps.js';
import { currentRequestId, logFor } from '../../core/log.js';
import { sha256 } from '../ids.js';
import { limitsFor, type MessageLimitName } from '../limits.js';
import type { MailTransport, SmsTransport } from '../mail.js';
import { canonicalEmail, canonicalPhone } from './recipient.js';

/**
 * The one gate every message the product sends goes through: mail, text messages and notifications in the
 * app. It alone holds the transports (wired once, in outbox/service.ts). For each message it
 *  1. finds the recipient's canonical form (recipient.ts: one parsed mailbox, or E.164), and refuses anything else;
 *  2. sends an address nobody verified nothing but verification mail (the message's class, below);
 *  3. folds repeats: one message of a kind to one recipient (from one sender, about one thing) per window;
 *  4. takes the per-recipient and per-sender shares (lib/limits.ts MESSAGE_LIMITS);
 * and only then delivers. A message it holds back is logged, never an error for the request that caused it:
 * whether a notice went out says nothing to its caller. A sender that must tell its user (a Pin sent by
 * email) reads the outcome.
 */

/**
 * What a message is, which decides what it may reach:
 * - verification (`verify.*`): proves the address or phone it goes to, so it may go where nothing is
 *   verified yet. Never folded (each carries a new link or code that retires the last); limited per recipient.
 *   A password reset is one: following its link proves the address (auth/reset.ts marks it verified). So is
 *   the undo link mailed to the address an account just left: it goes only after a proven change, and
 *   following it proves the old address and takes it back.
 * - notice (`notice.*`): about an account, to that account's own address, and only once that address is
 *   verified. Folded; limited per recipient on a share of its own, so mail a stranger can cause cannot use it up.
 * - personal (`invite.*`, `share.*`): one person's message to an address (an invite, a Pin sent by email).
 *   Its purpose is to reach someone who may have no account, so it may go to an address nobody verified; it
 *   names its sender, who answers for it: folded per sender and subject, limited per recipient over every
 *   sender and per sender over every recipient.
 */
export type VerificationKind = 'verify.email' | 'verify.reset' | 'verify.email_undo';
export type NoticeKind = `notice.${string}`;
export type PersonalKind = `invite.${string}` | `share.${string}`;
export type MailKind = VerificationKind | NoticeKind | PersonalKind;

/** A mail through the gate: the message, its kind, and who it is to and from as its class needs. */
export type OutgoingMail = { subject: string; text: string /** What the message is about (a board, a Pin), for folding. */; about?: string } & (
  | { kind: VerificationKind; to: string }
  | {
      kind: NoticeKind;
      /** The account the notice is about, as read when the notice is made: it goes to this address, and only when verified. */
      account: { email: string; email_verified_at: number | null };
    }
  | { kind: PersonalKind; to: string /** The sending account. */; sender: string }
);

/** Texts carry codes only: each proves the phone it goes to. */
export interface OutgoingSms {
  kind: 'verify.sms_code';
  to: string;
  text: string;
}

/** A notification in the app: to an account, caused by another's action. */
export interface InAppMessage {
  kind: string;
  recipientId: string;
  senderId: string;
  /** What it is about (a board, a Pin), for folding. */
  about?: string;
}

/**
 * What became of a message: sent; folded into one sent within the window; refused (not one mailbox or
 * phone number); held (an address not verified, for a message that needs one); limited (a share used up);
 * failed (the transport threw).
 */
export type Outcome = 'sent' | 'folded' | 'refused' | 'held' | 'limited' | 'failed';

export interface Mailer {
  send(mail: OutgoingMail): Promise<Outcome>;
}

export interface SmsSender {
  send(sms: OutgoingSms): Promise<Outcome>;
}

export interface Gate {
  mailer: Mailer;
  sms: SmsSender;
  /** Notifications in the app: `write` is given those let through, and writes them (the notifications' own store). */
  inApp<M extends InAppMessage>(messages: M[], write: (admitted: M[]) => Promise<void>): Promise<void>;
}

type Share = [MessageLimitName, string];

const keyOf = (value: string) => sha256(`message:${value}`).slice(0, 32);

export function messageGate(deps: Pick<Deps, 'db' | 'redis' | 'config' | 'log'>, transports: { mail: MailTransport; sms: SmsTransport }): Gate {
  const limits = limitsFor(deps);
  const log = logFor(deps);

  /** Takes every share in order, all or nothing: a refusal gives back those taken before it. */
  const takeAll = async (shares: Share[]): Promise<boolean> => {
    const taken: Share[] = [];
    for (const share of shares) {
      if (!(await limits.tryTake(...share))) {
        await Promise.all(taken.map(([name, key]) => limits.giveBack(name, key, 1)));
        return false;
      }
      taken.push(share);
    }
    return true;
  };
  const giveAll = (shares: Share[]) => Promise.all(shares.map(([name, key]) => limits.giveBack(name, key, 1)));

  /**
   * Folds, then limits, then delivers. The fold is taken first: a repeat costs no share. A delivery that
   * failed gives everything back, so the message may be tried again.
   */
  const pass = async (fold: string | null, shares: Share[], deliver: () => Promise<void>, what: Record<string, unknown>): Promise<Outcome> => {
    const folds: Share[] = fold ? [['messageFold', keyOf(fold)]] : [];
    if (fold && !(await limits.tryTake('messageFold', keyOf(fold)))) return 'folded';
    if (!(await takeAll(shares))) {
      await giveAll(folds);
      log.warn({ ...what, req_id: currentRequestId() }, 'message held back: a recipient or sender share is used up');
      return 'limited';
    }
    try {
      await deliver();
      return 'sent';
    } catch (error) {
      await giveAll([...folds, ...shares]);
      log.error({ ...what, err: error, req_id: currentRequestId() }, 'message not sent');
      return 'failed';
    }
  };

  const mailer: Mailer = {
    async send(mail) {
      const raw = 'account' in mail ? mail.account.email : mail.to;
      const to = canonicalEmail(raw);
      const what = { kind: mail.kind, channel: 'email' };
      if (!to) {
        log.warn({ ...what, req_id: currentRequestId() }, 'message refused: not one mailbox');
        return 'refused';
      }
      const deliver = () => transports.mail.send({ to, subject: mail.subject, text: mail.text });
      if ('account' in mail) {
        // A notice goes only to the account's own address once it is proven: never to one a stranger typed.
        if (mail.account.email_verified_at === null) return 'held';
        return pass(`${mail.kind}|${to}|${mail.about ?? ''}`, [['noticeRecipient', keyOf(to)]], deliver, what);
      }
      if ('sender' in mail) {
        return pass(
          `${mail.kind}|${to}|${mail.sender}|${mail.about ?? ''}`,
          [
            ['mailRecipient', keyOf(to)],
            ['mailSender', mail.sender],
          ],
          deliver,
          what,
        );
      }
      return pass(null, [['mailRecipient', keyOf(to)]], deliver, what);
    },
  };

  const sms: SmsSender = {
    async send(message) {
      const to = canonicalPhone(message.to);
      const what = { kind: message.kind, channel: 'sms' };
      if (!to) {
        log.warn({ ...what, req_id: currentRequestId() }, 'message refused: not a phone number');
        return 'refused';
      }
      return pass(null, [['smsRecipient', keyOf(to)]], () => transports.sms.send(to, message.text), what);
    },
  };

  return {
    mailer,
    sms,
    async inApp(messages, write) {
      const admitted: typeof messages = [];
      for (const message of messages) {
        const fold = `app.${message.kind}|${message.recipientId}|${message.senderId}|${message.about ?? ''}`;
        const shares: Share[] = [
          ['appRecipient', message.recipientId],
          ['appSender', message.senderId],
        ];
        if ((await pass(fold, shares, async () => {}, { kind: message.kind, channel: 'app' })) === 'sent') admitted.push(message);
      }
      if (admitted.length === 0) return;
      try {
        await write(admitted);
      } catch (error) {
        log.error({ err: error, req_id: currentRequestId() }, 'notification not written');
      }
    },
  };
}
