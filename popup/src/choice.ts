/**
 * A form control's string as one of the values an API option takes: a select can only offer these, so
 * anything else (a hand-edited DOM) falls back to the first, and the server still judges what it gets.
 */
export const oneOf = <T extends string>(choices: readonly [T, ...T[]], value: string): T => choices.find((choice) => choice === value) ?? choices[0];
