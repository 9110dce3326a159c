import { z } from 'zod';
import { checkUserText, type UserTextOptions } from './rules/text.js';

/**
 * The API's zod block for user text: `checkUserText` as a transform, so the server and the popup run one
 * rule. Its length limits are stated for the OpenAPI document, which cannot read a transform.
 */
export function userText(options: UserTextOptions) {
  return z
    .string()
    .transform((value, ctx) => {
      const result = checkUserText(value, options);
      if (result.problem === undefined) return result.text;
      ctx.issues.push({ code: 'custom', message: result.problem, input: value });
      return z.NEVER;
    })
    .meta({ maxLength: options.max, ...(options.required ? { minLength: 1 } : {}) });
}
