import { formatNumber, fromEnglish, locale, t as tMain } from '../i18n';
import { ResourceError } from '../api';
import { COUNTRIES } from '../../../api/src/advertisers/rules/countries';
import { sponsorshipLabel } from '../../../api/src/advertisers/rules/creator';
import { formatMoney } from '../../../api/src/advertisers/rules/money';
import { cutCreatorName } from '../../../api/src/advertisers/rules/text';
import { messages, t } from './messages';

type Key = keyof typeof messages.english & string;
const isKey = (key: string): key is Key => Object.hasOwn(messages.english, key);

/**
 * The words for a value a rule owns (a status, goal, interest, conversion event, gender, objective):
 * its key `${kind}_${value}`, else the value as it came (a value this catalogue does not know yet).
 */
export function wordFor(kind: 'status' | 'goal' | 'interest' | 'event' | 'gender' | 'objective' | 'sponsorship', value: string): string {
  const key = `${kind}_${value}`;
  return isKey(key) ? t(key) : value;
}

/** What went wrong, as the user reads it: the server's message (in their language when known), else the generic one. */
export const problem = (e: unknown): string => (e instanceof ResourceError ? fromEnglish(e.message) : tMain('server.generic'));

/** An amount in its currency, written the reader's way (Intl.NumberFormat). */
export const money = (amount: number, currency: string): string => formatMoney(amount, currency, locale());

/** A country's name: the rule's English, or the reader's language's own name for it (Intl.DisplayNames). */
export function countryName(code: string): string {
  if (locale() === 'en') return COUNTRIES[code] ?? code;
  try {
    return new Intl.DisplayNames([locale()], { type: 'region' }).of(code) ?? COUNTRIES[code] ?? code;
  } catch {
    return COUNTRIES[code] ?? code;
  }
}

/**
 * rules/promote.ts firstFormError's message in the reader's language: the check whose English, filled
 * with the country's figures, is the rule's text word for word; anything else as it came.
 */
export function formCheck(english: string, figures: { country: string; minimum: number; currency: string }): string {
  const raw: Record<string, string> = { country: figures.country, minimum: String(figures.minimum), currency: figures.currency };
  const key = (Object.keys(messages.english) as Key[]).find(
    (k) => k.startsWith('check_') && messages.english[k].replace(/\{\{(\w+)\}\}/g, (_: string, name: string) => raw[name] ?? '') === english,
  );
  return key ? t(key, { ...raw, minimum: formatNumber(figures.minimum) }) : english;
}

/** rules/creator.ts sponsorshipLabel in the reader's language: the rule says whether there is one. */
export function sponsorshipWords(status: number | null | undefined, sponsorName?: string | null): string | null {
  if (sponsorshipLabel(status, sponsorName) === null) return null;
  if (status !== 0) return t('paidPartnershipPending');
  return sponsorName ? t('paidPartnershipWith', { name: cutCreatorName(sponsorName) }) : t('paidPartnership');
}
