/**
 * The identity providers' side of the contract (issue 26): the provider names, what a finished callback
 * leads to, and the message the provider window posts to the window that opened it (auth.md section 4).
 * Pure: the web app imports it.
 */
export const PROVIDERS = ['sso', 'google', 'facebook', 'line'] as const;
export type ProviderName = (typeof PROVIDERS)[number];

/** What the profile offers a new account: prefill and what is still missing (auth.md section 4). */
export interface SignupProfile {
  provider: ProviderName;
  first_name: string;
  last_name: string;
  image_url: string | null;
  /** A verified email from the provider; else null and EmailCollection asks for one. */
  email: string | null;
  needs_email: boolean;
  needs_birthday: boolean;
}

/** Where a finished callback leads; the callback page posts it to the window that opened it. */
export type CallbackOutcome =
  | { outcome: 'logged_in'; token: string; user: { id: string; username: string } }
  | { outcome: 'linked'; provider: ProviderName }
  | { outcome: 'link_required'; provider: ProviderName; email: string }
  | { outcome: 'email_exists'; provider: ProviderName; email: string }
  /** Behind the Facebook recovery flag a linked Facebook identity no longer logs in: the popup reads its login data. */
  | { outcome: 'facebook_unavailable'; provider: 'facebook'; facebook_id: string }
  | { outcome: 'signup'; profile: SignupProfile };

/** The message the callback page posts to the window that opened it (same origin only). */
export type CompletePayload = Exclude<CallbackOutcome, { outcome: 'logged_in' }> | { outcome: 'logged_in'; user: { id: string; username: string } };
export type ProviderMessage =
  | { corkboard: 1; type: 'social-connect-complete'; payload: CompletePayload }
  | { corkboard: 1; type: 'social-connect-error'; payload: { api_error_code: number; http_status: number; message: string; message_detail?: string; data?: Record<string, unknown> } };
