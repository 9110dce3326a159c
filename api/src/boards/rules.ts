import { checkUserText, type UserTextOptions } from '../lib/rules/text.js';

/**
 * The board and section name rules, pure: the popup checks its forms with these
 * functions and the API parses with the schemas built from the same options (boards/contract.ts), over one
 * rule (lib/text.ts). Names are user text: no control or direction characters, not invisible only, NFC.
 */
export const BOARD_NAME_MAX = 50;

export const BOARD_NAME: UserTextOptions = { max: BOARD_NAME_MAX, required: "Don't forget to name your board!" };
export const SECTION_NAME: UserTextOptions = { max: BOARD_NAME_MAX, required: "Don't forget to name your section!" };

/** The first rule a board name breaks, or null: for forms that show one message at a time. */
export const boardNameProblem = (value: string): string | null => checkUserText(value, BOARD_NAME).problem ?? null;
export const sectionNameProblem = (value: string): string | null => checkUserText(value, SECTION_NAME).problem ?? null;
