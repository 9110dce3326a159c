import { z } from 'zod';

/**
 * The board and section name rules of saving.md section 5, as zod schemas: the API parses with
 * them and the popup checks its forms with them, so both say the same thing.
 */
export const BOARD_NAME_MAX = 50;

export const boardName = z
  .string()
  .trim()
  .min(1, "Don't forget to name your board!")
  .max(BOARD_NAME_MAX, `Please enter no more than ${BOARD_NAME_MAX} characters.`);

export const sectionName = z
  .string()
  .trim()
  .min(1, "Don't forget to name your section!")
  .max(BOARD_NAME_MAX, `Please enter no more than ${BOARD_NAME_MAX} characters.`);

/** The first message a value breaks, or null; for forms that show one message at a time. */
export function firstProblem(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}
