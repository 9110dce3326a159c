import { getResource, postResource, ResourceError, v3 } from '../api';
import type { AnswerOf, OptionsOf } from '../../../api/src/resources.contract';
import type { RouteAnswer } from '../../../api/src/routes.contract';
import type { ProviderMessage, ProviderName, SignupProfile } from '../../../api/src/auth/providers/contract';
import { branded } from '../brand';
import en from '../i18n/en';

/**
 * Sign-in through a provider, the popup's side: a window on our own
 * /oauth/{provider}/start/ page, polled every second, and one message from our own callback page.
 * A message counts only when it comes from our origin and from the window we opened.
 */
export type { ProviderName, SignupProfile };
export type CompletePayload = Extract<ProviderMessage, { type: 'social-connect-complete' }>['payload'];
export type ErrorPayload = Extract<ProviderMessage, { type: 'social-connect-error' }>['payload'];

/** The provider window's own errors, with code 0, in English (shown translated through fromEnglish). */
export const POPUP_BLOCKED = en.server.popupBlocked;
export const NOT_AUTHORIZED = branded(en.server.socialDenied);
export const SSO_NO_WINDOW = en.server.ssoNoWindow;
export const SSO_NO_TOKENS = en.server.ssoNoTokens;
/** The SSO email check waits for 300 ms of quiet typing. */
export const SSO_DEBOUNCE_MS = 300;
/** Facebook's popup is 580x400 and every provider popup is polled each second; SSO's is 600x600. */
export const POPUP_SIZES: Record<ProviderName, { width: number; height: number }> = {
  facebook: { width: 580, height: 400 },
  line: { width: 580, height: 400 },
  google: { width: 500, height: 600 },
  sso: { width: 600, height: 600 },
};
export const POLL_MS = 1000;

export const PROVIDER_LABELS: Record<ProviderName, string> = { google: 'Google', facebook: 'Facebook', line: 'LINE', sso: 'SSO' };

export class SocialError extends Error {
  constructor(readonly body: ErrorPayload) {
    super(body.message);
  }
}

const isProviderMessage = (data: unknown): data is ProviderMessage => {
  if (!data || typeof data !== 'object') return false;
  const m = data as Record<string, unknown>;
  return (
    m.corkboard === 1 && (m.type === 'social-connect-complete' || m.type === 'social-connect-error') && typeof m.payload === 'object' && m.payload !== null
  );
};

/** Where Facebook's window opens. */
export const FACEBOOK_CONNECT_PATH = '/connect/facebook/';

/** Opens the provider's window and resolves with what the callback page reported. */
export function connectProvider(provider: ProviderName, mode: 'login' | 'signup' | 'link' | 'one_tap', loginHint?: string): Promise<CompletePayload> {
  const { width, height } = POPUP_SIZES[provider];
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2));
  const params = new URLSearchParams({ mode });
  if (loginHint) params.set('login_hint', loginHint);
  // Facebook's window opens at /connect/facebook/ (the server sends it on to the flow's start).
  const start = provider === 'facebook' ? FACEBOOK_CONNECT_PATH : `/oauth/${provider}/start/`;
  const opened = window.open(`${start}?${params}`, `cb_${provider}`, `popup=yes,width=${width},height=${height},left=${left},top=${top}`);
  if (!opened) return Promise.reject(new SocialError({ api_error_code: 0, http_status: 0, message: provider === 'sso' ? SSO_NO_WINDOW : POPUP_BLOCKED }));
  return new Promise((resolve, reject) => {
    const done = () => {
      window.removeEventListener('message', onMessage);
      clearInterval(poll);
    };
    const onMessage = (event: MessageEvent) => {
      // Our own callback page in the window we opened, and nothing else (a same-origin message).
      if (event.origin !== location.origin || event.source !== opened || !isProviderMessage(event.data)) return;
      done();
      if (event.data.type === 'social-connect-error') reject(new SocialError(event.data.payload));
      else resolve(event.data.payload);
    };
    window.addEventListener('message', onMessage);
    // Closing the window without finishing is an error. The callback page posts
    // and then closes, so a closed window gets one more tick for its message to arrive.
    let closedTicks = 0;
    const poll = setInterval(() => {
      if (!opened.closed) return;
      if (++closedTicks < 2) return;
      done();
      reject(new SocialError({ api_error_code: 0, http_status: 0, message: provider === 'sso' ? SSO_NO_TOKENS : NOT_AUTHORIZED }));
    }, POLL_MS);
  });
}

/**
 * Google one-tap: offered while this browser has not dismissed it. The
 * dismissal flag lives in localStorage, like the underage marker.
 */
const ONE_TAP_DISMISSED = 'corkboard_one_tap_dismissed';
export function oneTapDismissed(): boolean {
  try {
    return localStorage.getItem(ONE_TAP_DISMISSED) === '1';
  } catch {
    return true;
  }
}
export function dismissOneTap() {
  try {
    localStorage.setItem(ONE_TAP_DISMISSED, '1');
  } catch {
    // Storage refused: the prompt is simply not remembered as dismissed.
  }
}

/** Per provider: configured, turned off by an experiment, and (Google only) whether one tap can work, else only the redirect flow is offered. */
export type ProvidersInfo = AnswerOf<'SocialProvidersResource', 'get'>;
export type ProviderAvailability = ProvidersInfo[ProviderName];
const NONE: ProviderAvailability = { configured: false, disabled: false };
export const NO_PROVIDERS: ProvidersInfo = { sso: NONE, google: NONE, facebook: NONE, line: NONE };
/** The welcome back's buttons: only the providers the recognised account signs in with. */
export const linkedProviders = (providers: ProvidersInfo, account: { connectedToGoogle: boolean; connectedToFacebook: boolean }): ProvidersInfo => ({
  sso: NONE,
  line: NONE,
  google: account.connectedToGoogle ? providers.google : NONE,
  facebook: account.connectedToFacebook ? providers.facebook : NONE,
});
export const loadProviders = () => getResource('SocialProvidersResource').catch(() => NO_PROVIDERS);

/** The social registration payload, as SocialRegisterResource create takes it. */
export type SocialRegisterPayload = OptionsOf<'SocialRegisterResource', 'create'>;
export const socialRegister = (payload: SocialRegisterPayload) => postResource('SocialRegisterResource', 'create', payload);
export const linkPendingIdentity = () => postResource('SocialLinkResource', 'create', {});

/** GET /v3/facebook/login_data/: how else the account behind this Facebook identity logs in. */
export type FacebookLoginData = RouteAnswer<'/v3/facebook/login_data/'>;
export async function facebookLoginData(facebookId: string): Promise<FacebookLoginData> {
  try {
    return await v3('/v3/facebook/login_data/', { query: { facebook_id: facebookId } });
  } catch (error) {
    // The modal tells provider errors by their class: the same body, as a SocialError.
    throw error instanceof ResourceError ? new SocialError(error.body) : error;
  }
}

export type SsoInfo = RouteAnswer<'/v3/sso/info/'>;
const NOT_SSO: SsoInfo = {
  is_sso: false,
  existing_user: false,
  existing_user_is_sso: false,
  authorization_uri: null,
  redirect_uri: null,
  exchange_code_to_token_info_url: null,
};

/** POST /v3/sso/info/; any failure is the empty non-SSO result. */
export async function ssoInfo(email: string): Promise<SsoInfo> {
  return v3('/v3/sso/info/', { body: { email: email.trim() } }).then(
    (info) => info ?? NOT_SSO,
    () => NOT_SSO,
  );
}
