import { emailError } from '../auth/rules.js';
import type { Deps, Viewer } from '../deps.js';
import { DEFAULT_BRAND } from '../lib/rules/brand.js';
import { addressKey } from '../lib/client-address.js';
import { ApiError } from '../lib/errors.js';
import { accountKey, limitsFor, type LimitName } from '../lib/limits.js';
import { oneLine, type Mail, type Mailer } from '../lib/mail.js';
import { outgoingFor } from '../outbox/service.js';
import { canonicalEmail } from '../lib/messages/recipient.js';
import type { PinsService } from './service.js';
import { SHARE_NOTE_MAX } from './contract.js';
export { SHARE_NOTE_MAX };

/**
 * The mail a Pin sent to a person gets: plain text naming the sender, the Pin's title and its page on
 * our public origin, and the sender's note (kept as text, set apart below a line of its own).
 */
export function shareMail(input: {
  to: string;
  sender: { username: string; full_name: string };
  pin: { title: string; url: string };
  note: string;
  brand?: string;
}): Mail {
  const brand = input.brand ?? DEFAULT_BRAND;
  const sender = oneLine(input.sender.full_name) || input.sender.username;
  const title = oneLine(input.pin.title);
  const note = input.note.trim() ? `${sender} wrote:\n${input.note.trim()}\n\n` : '';
  return {
    to: input.to,
    subject: `${sender} sent you a Pin${title ? `: ${title}` : ''} on ${brand}`,
    text: `Hi,\n\n${sender} (${input.sender.username} on ${brand}) sent you a Pin.\n\n${note}See it here:\n${input.pin.url}\n\n${brand}`,
  };
}

/**
 * Send (/pin/{id}/?share=true): a Pin mailed to a person through the mail transport.
 * Only a Pin the sender may see, on a public board (a secret board's Pin would reach someone who cannot
 * open it, and would carry its words out). Each mail is counted against the sender and the address.
 */
export function pinShareService(deps: Deps, pins: PinsService, mailer: Mailer = outgoingFor(deps).mailer) {
  const limits = limitsFor(deps);
  return {
    async send(viewer: Viewer, input: { pin_id: string; email: string; note: string }, address?: string) {
      const pin = await pins.get(viewer, input.pin_id);
      if (pin.board.privacy !== 'public') throw new ApiError('share_not_public');
      // One mailbox, in its canonical form (lib/messages/recipient.ts): a list, group or display name is refused.
      const email = emailError(input.email) === null ? canonicalEmail(input.email) : null;
      if (!email) throw new ApiError('invalid_input', 'email: Enter a valid email address.');
      // The sender, their address and the recipient each count one; a refusal by any gives back the others.
      const counted: Array<[LimitName, string]> = [];
      const refund = () => Promise.all(counted.map(([name, key]) => limits.refund(name, key, 1)));
      for (const [name, key] of [
        ['shareAccount', viewer.id],
        ['shareAddress', addressKey(address)],
        ['shareRecipient', accountKey(email)],
      ] as Array<[LimitName, string]>) {
        try {
          await limits.take(name, key, 1);
        } catch (error) {
          await refund();
          throw error;
        }
        counted.push([name, key]);
      }
      const url = `${deps.config.publicOrigin}/pin/${pin.id}/`;
      const mail = shareMail({
        to: email,
        sender: { username: viewer.username, full_name: viewerName(viewer) },
        pin: { title: pin.title, url },
        note: input.note,
        brand: deps.config.brandName,
      });
      const outcome = await mailer.send({ ...mail, kind: 'share.pin', sender: viewer.id, about: pin.id });
      // The same Pin sent again to the same person within the window is folded into the first mail: done.
      if (outcome === 'limited') {
        await refund();
        throw new ApiError('share_recipient_limited');
      }
      if (outcome === 'failed') {
        // Not sent: nothing is counted, and the sender is told to try again.
        await refund();
        throw new ApiError('outbound_failed', "We couldn't send that email. Try again in a moment.");
      }
      return { pin_id: pin.id, email, url };
    },
  };
}

const viewerName = (viewer: Viewer) => `${viewer.firstName} ${viewer.lastName}`.trim();

export type PinShareService = ReturnType<typeof pinShareService>;
