import type { AdminWord } from '../messages';

/** The actions the console offers on an account, and their button's words; the server holds the same list (operators/people.ts). */
export const ACTIONS = [
  ['suspend', 'suspend'],
  ['deactivate', 'deactivate'],
  ['reinstate', 'reinstate'],
  ['end_sessions', 'endSessions'],
  ['unlock', 'unlock'],
  ['reset_two_factor', 'resetTwoFactor'],
  ['mail_password_reset', 'mailReset'],
] as const satisfies readonly (readonly [string, AdminWord])[];
export type ActionName = (typeof ACTIONS)[number][0];
