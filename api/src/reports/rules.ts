/**
 * The words of reporting and of an operator's decision, shared by the API's contract and the web app: plain
 * lists, so a page that offers "Report" does not load the contract's validators to draw its menu.
 */

/** Pinterest's reasons for reporting, in its order. */
export const REPORT_REASONS = [
  'spam',
  'nudity',
  'self_harm',
  'misinformation',
  'hateful_activities',
  'dangerous_goods',
  'harassment',
  'graphic_violence',
  'privacy_violation',
  'intellectual_property',
] as const;

/**
 * dismiss: nothing changes; hide/remove: the pin or board (not an account); warn: a notice to the owner;
 * suspend: the owner's account, as People's suspend (with the operator's fresh proof); restore: a hidden or
 * removed pin or board shown again (an appeal upheld).
 */
export const DECISIONS = ['dismiss', 'hide', 'remove', 'warn', 'suspend', 'restore'] as const;
export type Decision = (typeof DECISIONS)[number];
/** The decisions that change an account, and so ask the operator's fresh proof. */
export const PROOF_DECISIONS: readonly Decision[] = ['suspend'];
