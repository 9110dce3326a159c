import { domainToASCII } from 'node:url';
import emailAddresses from 'email-addresses';
import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * A recipient's canonical form: what every limit and fold of the message gate (gate.ts) is keyed on, and the
 * one address a message is delivered to, so two spellings of one mailbox or one phone are one recipient.
 */

/**
 * One mailbox, canonical: parsed by a real RFC 5322 parser and refused (null) unless the whole input is
 * exactly one bare `local@domain`: no groups or lists, no display name or angle brackets, no comments, no
 * quoted local part (where line breaks and commas hide), no address literal, no source routing or encoded
 * words. The domain is case-folded and
 * an international one written in ASCII (IDNA); the local part is case-folded too, as every mailbox
 * provider does, so a case change cannot make a fresh recipient.
 */
export function canonicalEmail(raw: string): string | null {
  const input = raw.trim();
  if (!input || input.length > 254) return null;
  const parsed = emailAddresses.parseOneAddress({ input, rfc6532: true, rejectTLD: true });
  if (parsed?.type !== 'mailbox') return null;
  if (parsed.name !== null || parsed.parts.comments.length > 0 || parsed.address !== input) return null;
  if (parsed.parts.local.tokens.trim() !== parsed.local || parsed.local.includes('"')) return null;
  if (parsed.domain.startsWith('[')) return null;
  // Routing and encoding left over from older mail (`a%b@relay`, `host!a`, `=?utf-8?…?=`) and non-ASCII local
  // parts: a relay or client may read them as another mailbox than the one keyed here.
  if (/[%!]|=\?|[^\x21-\x7e]/.test(parsed.local)) return null;
  const domain = domainToASCII(parsed.domain.toLowerCase());
  if (!domain?.includes('.')) return null;
  const address = `${parsed.local.toLowerCase()}@${domain}`;
  return address.length <= 254 ? address : null;
}

/**
 * A phone number in E.164 (`+15550001234`), by libphonenumber-js, or null. It must be written with its
 * country code (the form asks for it); a number of a possible length for its country is taken, so the
 * fictional ranges (555 in North America) used in examples and tests work.
 */
export function canonicalPhone(raw: string): string | null {
  const input = raw.trim();
  if (!input.startsWith('+')) return null;
  const number = parsePhoneNumberFromString(input);
  return number?.isPossible() ? number.number : null;
}
