import { z } from 'zod';
import { userText } from '../lib/text.js';

/**
 * The board and section name rules of saving.md section 5, as zod schemas: the API parses with
 * them and the popup checks its forms with them, so both say the same thing. Names are user text
 * (lib/text.ts): no control or direction characters, not invisible only, stored in NFC.
 */
export const BOARD_NAME_MAX = 50;

export const boardName = userText({ max: BOARD_NAME_MAX, required: "Don't forget to name your board!" });

export const sectionName = userText({ max: BOARD_NAME_MAX, required: "Don't forget to name your section!" });

/** The first message a value breaks, or null; for forms that show one message at a time. */
export function firstProblem(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}
