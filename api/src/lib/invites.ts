import { addressKey } from './client-address.js';
import { accountKey, type LimitName, type Limits } from './limits.js';
import type { Mail, Mailer } from './mail.js';
import type { PersonalKind } from './messages/gate.js';

/**
 * The steps every invite by mail shares (board collaborators, business members). Before anything is
 * written, the mails are counted against the inviter, their client address and each recipient
 * over every sender, all or nothing: a refusal by any gives back what the others took.
 */
export async function takeInviteShares(limits: Limits, inviterId: string, address: string | undefined, emails: string[]): Promise<void> {
  const shares: Array<[LimitName, string, number]> = [
    ['inviteAccount', inviterId, emails.length],
    ['inviteAddress', addressKey(address), emails.length],
    ...emails.map((email): [LimitName, string, number] => ['inviteRecipient', accountKey(email), 1]),
  ];
  const taken: typeof shares = [];
  for (const share of shares) {
    try {
      await limits.take(...share);
    } catch (error) {
      await Promise.all(taken.map(([name, key, n]) => limits.refund(name, key, n)));
      throw error;
    }
    taken.push(share);
  }
}

/**
 * The mails, sent once the invite is committed, through the message gate as `sender`'s, about `about` (the
 * board or business): a failing mail server is logged there, and neither undoes nor fails the invite.
 */
export async function mailInvites(mailer: Mailer, kind: PersonalKind, sender: string, about: string, mails: Mail[]): Promise<void> {
  for (const mail of mails) await mailer.send({ ...mail, kind, sender, about });
}
