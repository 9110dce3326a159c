/**
 * User text is text: the one rule for every field a person types and others read (board and section
 * names, board and pin descriptions, pin titles, first and last names). Pure and without zod, so the
 * popup checks its forms with the same rule the API parses with (lib/text.ts) at no bundle cost.
 *
 * Refused, each with its own message:
 * - lone surrogates (half of a UTF-16 pair: not a character; stored, they become U+FFFD);
 * - C0 and C1 control characters (NUL, ESC, DEL, U+0080–U+009F ...), except tab and line breaks
 *   in multi-line fields, where CR LF and lone CR become LF;
 * - the bidi embedding, override and isolate controls U+202A–U+202E and U+2066–U+2069, which turn
 *   the text around them backwards ("gpj.exe"); the marks U+200E, U+200F and U+061C stay allowed,
 *   right-to-left text needs them;
 * - a value that is not empty but has nothing visible: only spaces and invisible characters.
 * Then the value is normalised to NFC (a composed "é", whichever way it was typed) and, unless the
 * field keeps its spacing, trimmed. Lengths are counted on the result.
 */
export const TEXT_MESSAGES = {
  brokenCharacter: 'This text has a broken character in it. Please type it again.',
  controlCharacter: 'Please remove the control characters from this text.',
  directionControl: 'Please remove the text-direction control characters (U+202A to U+202E, U+2066 to U+2069).',
  invisibleOnly: 'Please use visible characters, not only invisible ones.',
} as const;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const CONTROL_SINGLE_LINE = /[\u0000-\u001F\u007F-\u009F]/;
const CONTROL_MULTI_LINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const DIRECTION_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;
/**
 * What draws nothing: white space, every format character (Cf: zero-width space and joiners U+200B–
 * U+200D, word joiner U+2060 and its kin, BOM U+FEFF, soft hyphen U+00AD, the bidi marks, tags), the
 * combining grapheme joiner, the Hangul fillers, the braille blank and the variation selectors.
 * Inside visible text these are fine (ZWJ in emoji, ZWNJ in Persian); alone they are no name at all.
 */
// biome-ignore lint/suspicious/noMisleadingCharacterClass: each of these marks is listed alone on purpose: they are what the rule refuses
const INVISIBLE_ONLY = /^[\s\p{Cf}\u034F\u115F\u1160\u3164\uFFA0\u2800\uFE00-\uFE0F\u{E0100}-\u{E01EF}]+$/u;

export interface UserTextOptions {
  /** Most characters after normalising, and the message when there are more. */
  max: number;
  maxMessage?: string;
  /** Set: the field must not be empty (after trimming), with this message. */
  required?: string;
  /** Descriptions: tab and line breaks are allowed, and the spacing is kept as typed. */
  multiline?: boolean;
}

/** What `checkUserText` makes of a value: the text to store, or the first rule it breaks. */
export type UserTextResult = { text: string; problem?: undefined } | { problem: string; text?: undefined };

/**
 * The rule itself. One refusal at a time, in this order: broken, control
 * and direction characters (nothing after them runs on text that is not text), then, on the normalised
 * and (single-line) trimmed text, empty when required, too long, invisible only.
 */
export function checkUserText(
  value: string,
  { max, maxMessage = `Please enter no more than ${max} characters.`, required, multiline = false }: UserTextOptions,
): UserTextResult {
  if (LONE_SURROGATE.test(value)) return { problem: TEXT_MESSAGES.brokenCharacter };
  if ((multiline ? CONTROL_MULTI_LINE : CONTROL_SINGLE_LINE).test(value)) return { problem: TEXT_MESSAGES.controlCharacter };
  if (DIRECTION_CONTROL.test(value)) return { problem: TEXT_MESSAGES.directionControl };
  const normal = (multiline ? value.replace(/\r\n?/g, '\n') : value).normalize('NFC');
  const text = multiline ? normal : normal.trim();
  if (required && text.length === 0) return { problem: required };
  if (text.length > max) return { problem: maxMessage };
  if (text !== '' && INVISIBLE_ONLY.test(text)) return { problem: TEXT_MESSAGES.invisibleOnly };
  return { text };
}

const EVERY_LONE_SURROGATE = new RegExp(LONE_SURROGATE.source, 'g');
const EVERY_CONTROL_SINGLE_LINE = new RegExp(`${CONTROL_SINGLE_LINE.source}|${DIRECTION_CONTROL.source}`, 'g');
const EVERY_CONTROL_MULTI_LINE = new RegExp(`${CONTROL_MULTI_LINE.source}|${DIRECTION_CONTROL.source}`, 'g');

/**
 * The same rule for text that comes from elsewhere, where nobody is there to be asked to type it again
 * (an identity provider's name claims, an imported file): what `checkUserText` would refuse is dropped
 * instead (broken, control and direction characters; a value of invisible characters only), then the
 * text is normalised to NFC, trimmed and cut to `max` code points (no pair is split). Not a string: ''.
 */
export function fitUserText(value: unknown, max: number, multiline = false): string {
  if (typeof value !== 'string') return '';
  let text = value.replace(EVERY_LONE_SURROGATE, '').replace(multiline ? /\r\n?/g : /[\r\n\t]+/g, multiline ? '\n' : ' ');
  text = text
    .replace(multiline ? EVERY_CONTROL_MULTI_LINE : EVERY_CONTROL_SINGLE_LINE, '')
    .normalize('NFC')
    .trim();
  const points = [...text];
  const fitted = points.length > max ? points.slice(0, max).join('').trim() : text;
  return INVISIBLE_ONLY.test(fitted) ? '' : fitted;
}
