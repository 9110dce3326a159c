import { fitUserText } from '../../lib/rules/text.js';
import type { Deps, Viewer } from '../../deps.js';
import { signupGate } from '../signup-mode.js';
import { ApiError } from '../../lib/errors.js';
import { newId, newToken, sha256 } from '../../lib/ids.js';
import { assertNewPassword } from '../new-password.js';
import { hashPassword } from '../passwords.js';
import { FACEBOOK_RECOVERY_FLAG } from '../rules/recovery.js';
import { birthdayProblem, loggedInRecently } from '../rules.js';
import { BIRTHDAY_ERRORS, emailIsValid, PRODUCT_NAME } from '../register.js';
import type { AuthService } from '../service.js';
import { normaliseEmail, SESSION_TTL_MS } from '../session.js';
import { admitAtLogIn } from '../states.js';
import { authStore } from '../store.js';
import { credentialStore } from '../credentials/store.js';
import { outgoingFor } from '../../outbox/service.js';
import { proofService, type Proof } from '../credentials/proof.js';
import { placeholderEmail } from '../verify.js';
import { addressKey } from '../../lib/client-address.js';
import { limitsFor } from '../../lib/limits.js';
import type { ProviderClients, ProviderProfile } from './client.js';
import { redirectUri, type ProviderName } from './config.js';
import type { CallbackOutcome, SignupProfile } from './contract.js';

export type { CallbackOutcome, SignupProfile };
import { providerStore, type ProviderStore } from './store.js';

type OAuthFlow = NonNullable<Awaited<ReturnType<ProviderStore['findFlow']>>>;

/**
 * Sign-in, sign-up and linking through identity providers, as rules:
 * no HTTP, no SQL. The browser that started a flow holds its cookie; every later step (callback,
 * sign-up, link) finds the flow by that cookie, never by anything in a URL alone.
 */

export const FLOW_TTL_MS = 10 * 60 * 1000;
export const FLOW_MODES = ['login', 'signup', 'link', 'one_tap'] as const;
/** One-tap (Google's ID-token credential) is Google's alone. */
export const ONE_TAP_PROVIDER: ProviderName = 'google';
export type FlowMode = (typeof FLOW_MODES)[number];

/** The experiments that turn a provider off: its button then opens the 'isn't available' modal. */
export const DISABLED_BY: Partial<Record<ProviderName, string>> = { google: 'web_google_disabled', facebook: 'web_facebook_disabled' };

/** `birthday_source_site` and `email_source_site` name the product's own site or the provider. */
export const OWN_SITE = 'corkboard';

export interface SocialRegisterInput {
  provider: ProviderName;
  /** Epoch seconds, from socialSignupWithAge when the provider gave no birthday. */
  birthday: number | null;
  /** From EmailCollection when the provider gave no verified email. */
  email: string | null;
  country: string | null;
  firstName?: string;
  lastName?: string;
  privacyConsentOptIn?: boolean;
  marketingNotifsOptOut?: boolean;
}

/** OIDC birthdate as epoch ms, when it is a full date (a year alone or 0000-MM-DD is no birthday). */
export function birthdateMs(birthdate: string | null): number | null {
  const match = birthdate && /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthdate);
  if (!match || match[1] === '0000') return null;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(ms) ? null : ms;
}

// Behind dweb_unauth_fb_login_account_recovery_flow, Facebook signs in existing accounts only.
const facebookRetired = (provider: ProviderName, flags: ReadonlySet<string>) => provider === 'facebook' && flags.has(FACEBOOK_RECOVERY_FLAG);
/**
 * A Facebook identity with no account, behind the flag: a sign-up is 'isn't available for new users';
 * a log-in is account-not-found, "We couldn't match your Facebook account…".
 */
function assertNewUsersAllowed(provider: ProviderName, flags: ReadonlySet<string>, mode: string = 'signup') {
  if (facebookRetired(provider, flags)) throw new ApiError(mode === 'login' ? 'prevent_facebook_register' : 'facebook_unavailable_new_users');
}

/** Only web addresses become an avatar; anything else from a provider is dropped. */
const webUrl = (value: string | null) => (value && /^https?:\/\//i.test(value) && value.length <= 2048 ? value : null);

export function providerService(deps: Deps, auth: AuthService, clients: ProviderClients) {
  const { db, clock, config } = deps;
  const gate = signupGate(deps);
  const assertRecentLogIn = (viewer: Viewer) => {
    if (!loggedInRecently(viewer, clock.now())) throw new ApiError('reauth_required');
  };
  const store = providerStore(db);
  const users = authStore(db);
  const credentials = credentialStore(db);
  const { prove } = proofService(deps, outgoingFor(deps).sms);
  const limits = limitsFor(deps);

  const liveFlow = async (cookieToken: string | undefined) => {
    const flow = cookieToken ? await store.findFlow(sha256(cookieToken), clock.now()) : undefined;
    if (!flow) throw new ApiError('social_flow_invalid');
    return flow;
  };
  /** A flow whose callback has verified a profile. */
  const finishedFlow = async (cookieToken: string | undefined, provider?: ProviderName) => {
    const flow = await liveFlow(cookieToken);
    if (!flow.completed_at || !flow.subject || (provider && flow.provider !== provider)) throw new ApiError('social_flow_invalid');
    return flow as typeof flow & { subject: string };
  };

  const assertEnabled = (provider: ProviderName, flags: ReadonlySet<string>) => {
    if (!clients.configured(provider)) throw new ApiError('social_not_configured');
    const flag = DISABLED_BY[provider];
    if (flag && flags.has(flag)) throw new ApiError('social_unavailable');
  };

  /** A linked account logs in as a password would let it: account states first (one that its owner deactivated comes back), and never past two-factor. */
  const logInLinked = async (userId: string, previous: Viewer | null): Promise<CallbackOutcome> => {
    const user = await users.findUserById(userId);
    if (!user) throw new ApiError('social_account_not_found');
    const { reactivates } = admitAtLogIn(user);
    if (user.mfa_method) throw new ApiError('social_mfa_required');
    if (reactivates) await users.reactivate(user.id);
    if (previous) await users.revokeSession(previous.sessionId, clock.now());
    return { outcome: 'logged_in', token: await auth.startSession(user.id), user: { id: user.id, username: user.username } };
  };

  const signupProfile = (provider: ProviderName, profile: ProviderProfile): SignupProfile => ({
    provider,
    first_name: profile.givenName ?? '',
    last_name: profile.familyName ?? '',
    image_url: webUrl(profile.picture),
    email: profile.emailVerified ? profile.email : null,
    needs_email: !(profile.emailVerified && profile.email),
    needs_birthday: birthdateMs(profile.birthdate) === null,
  });

  /**
   * A verified profile for a live flow: recorded on the flow (once), then a linked identity logs in, a
   * logged-in 'link' flow links, a verified email of an existing account asks for its password before
   * linking, an unverified one is EmailAlreadyExist, and anything else is a sign-up.
   */
  const settle = async (flow: OAuthFlow, profile: ProviderProfile, viewer: Viewer | null, flags: ReadonlySet<string>): Promise<CallbackOutcome> => {
    const provider = flow.provider as ProviderName;
    const completed = await store.completeFlow(flow.id, {
      subject: profile.sub,
      email: profile.email,
      email_verified: profile.emailVerified ? 1 : 0,
      given_name: profile.givenName,
      family_name: profile.familyName,
      picture: webUrl(profile.picture),
      birthdate: profile.birthdate,
      completed_at: clock.now(),
    });
    if (!completed) throw new ApiError('social_flow_invalid');

    const linked = await store.findIdentity(provider, profile.sub);
    if (flow.mode === 'link') {
      if (!viewer) throw new ApiError('unauthorized');
      assertRecentLogIn(viewer);
      if (linked) {
        if (linked.user_id !== viewer.id) throw new ApiError('social_already_linked');
        await store.spendFlow(flow.id, clock.now());
        return { outcome: 'linked', provider };
      }
      // Proven by the account's owner when the account's email is proven, or the provider vouches for that very email.
      const vouched = profile.emailVerified && normaliseEmail(profile.email ?? '') === viewer.email;
      const provenAt = viewer.emailVerified || vouched ? clock.now() : null;
      if (
        !(await credentials.link(
          { provider, subject: profile.sub, user_id: viewer.id, email: profile.email, created_at: clock.now(), proven_at: provenAt },
          flow.id,
          viewer.sessionId,
        ))
      ) {
        throw new ApiError('social_already_linked');
      }
      return { outcome: 'linked', provider };
    }
    if (linked) {
      // The flow stays live: its cookie is what lets this browser read the account's login data.
      if (facebookRetired(provider, flags)) return { outcome: 'facebook_unavailable', provider: 'facebook', facebook_id: profile.sub };
      await store.spendFlow(flow.id, clock.now());
      return logInLinked(linked.user_id, viewer);
    }
    const existing = profile.email ? await users.findUserByEmail(normaliseEmail(profile.email)) : undefined;
    if (existing && profile.email) {
      // Linking by email only on the provider's word that the email is verified, and only after the password.
      return profile.emailVerified
        ? { outcome: 'link_required', provider, email: existing.email }
        : { outcome: 'email_exists', provider, email: existing.email };
    }
    assertNewUsersAllowed(provider, flags, flow.mode);
    // SIGNUP_MODE, told before the sign-up form is shown; asked again when the account is made.
    await gate.admit(provider, profile.email ?? '', { provenEmail: profile.emailVerified });
    return { outcome: 'signup', profile: signupProfile(provider, profile) };
  };

  return {
    /** One tap is offered only where it can work: Google configured and allowing the id_token flow. */
    oneTapWorks: () => clients.allowsIdToken(ONE_TAP_PROVIDER),
    assertEnabled,

    /**
     * POST /v3/sso/info/: whether the email signs in through the company
     * provider (its domain is in SSO_DOMAINS and SSO is configured), whether it has an account and
     * whether that account already signs in through SSO, and where the popup goes.
     */
    async ssoInfo(email: string, address: string | undefined) {
      const normal = normaliseEmail(email);
      const domain = normal.split('@')[1] ?? '';
      if (!clients.configured('sso') || !domain || !config.ssoDomains.includes(domain)) {
        return {
          is_sso: false,
          existing_user: false,
          existing_user_is_sso: false,
          authorization_uri: null,
          redirect_uri: null,
          exchange_code_to_token_info_url: null,
        };
      }
      // Past this point the answer says whether an account exists: an email check like /v3/register/exists/,
      // counted against the same per-address share. A non-SSO answer reads nothing and is free.
      await limits.take('emailCheckAddress', addressKey(address));
      const user = await users.findUserByEmail(normal);
      const identities = user ? await store.identitiesOf(user.id) : [];
      return {
        is_sso: true,
        existing_user: Boolean(user),
        existing_user_is_sso: identities.some((identity) => identity.provider === 'sso'),
        authorization_uri: `${config.publicOrigin}/oauth/sso/start/?${new URLSearchParams({ mode: user ? 'login' : 'signup', login_hint: normal })}`,
        redirect_uri: redirectUri(config.publicOrigin, 'sso'),
        // The code is exchanged on our server by the callback itself: the PKCE verifier never leaves it (docs/decisions.md).
        exchange_code_to_token_info_url: redirectUri(config.publicOrigin, 'sso'),
      };
    },

    /** The popup's first step: a flow bound to this browser by a new cookie, and the issuer's URL to go to. */
    async start(provider: ProviderName, mode: FlowMode, viewer: Viewer | null, flags: ReadonlySet<string>, loginHint?: string) {
      assertEnabled(provider, flags);
      if (mode === 'link' && !viewer) throw new ApiError('unauthorized');
      if (mode === 'link' && viewer) assertRecentLogIn(viewer);
      if (mode === 'one_tap' && provider !== ONE_TAP_PROVIDER) throw new ApiError('invalid_input', 'One tap is for Google only.');
      const secrets = clients.newSecrets();
      const url = mode === 'one_tap' ? await clients.credentialUrl(provider, secrets) : await clients.authorizationUrl(provider, secrets, { loginHint });
      const cookieToken = newToken();
      const now = clock.now();
      await store.insertFlow({
        id: sha256(cookieToken),
        provider,
        mode,
        state: secrets.state,
        nonce: secrets.nonce,
        code_verifier: secrets.codeVerifier,
        created_at: now,
        expires_at: now + FLOW_TTL_MS,
      });
      return { cookieToken, url };
    },

    /**
     * The provider sent the browser back with a code. openid-client checks state, PKCE, issuer, nonce
     * and the ID token; then the profile settles as `settle` says.
     */
    async callback(
      provider: ProviderName,
      cookieToken: string | undefined,
      query: string,
      viewer: Viewer | null,
      flags: ReadonlySet<string> = new Set(),
    ): Promise<CallbackOutcome> {
      const flow = await liveFlow(cookieToken);
      if (flow.provider !== provider || flow.completed_at || flow.mode === 'one_tap') throw new ApiError('social_flow_invalid');
      const profile = await clients.finish(provider, query, { state: flow.state, nonce: flow.nonce, codeVerifier: flow.code_verifier });
      return settle(flow, profile, viewer, flags);
    },

    /**
     * Google one-tap: the ID-token credential the issuer returned to this browser's one-tap flow,
     * checked (signature against the issuer's keys, audience, expiry, nonce and state) by openid-client;
     * then it settles like a callback.
     */
    async oneTap(
      cookieToken: string | undefined,
      credential: string,
      state: string,
      viewer: Viewer | null,
      flags: ReadonlySet<string> = new Set(),
    ): Promise<CallbackOutcome> {
      const flow = await liveFlow(cookieToken);
      if (flow.provider !== ONE_TAP_PROVIDER || flow.completed_at || flow.mode !== 'one_tap') throw new ApiError('social_flow_invalid');
      assertEnabled(ONE_TAP_PROVIDER, flags);
      const profile = await clients.verifyCredential(ONE_TAP_PROVIDER, credential, state, { state: flow.state, nonce: flow.nonce });
      return settle(flow, profile, viewer, flags);
    },

    /**
     * Social sign-up (the social registration payload): the provider's verified email
     * or a collected one, the provider's birthday or the age step's, the same rules as email sign-up,
     * then account, identity and session in one transaction.
     */
    async register(cookieToken: string | undefined, input: SocialRegisterInput, flags: ReadonlySet<string>) {
      const flow = await finishedFlow(cookieToken, input.provider);
      assertNewUsersAllowed(input.provider, flags);
      if (await store.findIdentity(flow.provider, flow.subject)) throw new ApiError('social_already_linked');

      const providerEmail = flow.email && flow.email_verified ? flow.email : null;
      // A typed address is only claimed: it waits as pending_email until its link is followed.
      const email = normaliseEmail(providerEmail ?? input.email ?? '');
      // SIGNUP_MODE: in invite mode only an address the provider proves can match an invitation.
      await gate.admit(flow.provider as ProviderName, email, { provenEmail: providerEmail !== null });
      if (!email) throw new ApiError('social_email_required');
      if (!emailIsValid(email)) throw new ApiError('email_invalid');
      if (email.split('@')[0]?.includes(PRODUCT_NAME)) throw new ApiError('email_has_product_name');

      const now = clock.now();
      const providerBirthday = birthdateMs(flow.birthdate);
      const birthday = providerBirthday ?? (input.birthday === null ? null : input.birthday * 1000);
      const age = birthdayProblem(birthday, now, config.minSignupAge);
      if (age) throw new ApiError(BIRTHDAY_ERRORS[age]);

      const consentStep = flags.has('kr_privacy_consent');
      if (consentStep && input.privacyConsentOptIn !== true) throw new ApiError('consent_required');
      if (await users.emailExists(email)) throw new ApiError('email_taken');

      const id = newId();
      const username = await auth.freeUsername(email);
      // A provider's name claims are text from elsewhere: held to the one text rule (lib/text.ts), what it refuses dropped.
      const firstName = fitUserText(flow.given_name ?? input.firstName ?? '', 64) || (email.split('@')[0] ?? '');
      const lastName = fitUserText(flow.family_name ?? input.lastName ?? '', 64);
      const token = newToken();
      // The provider's word proves its email; a typed address is held aside, under a placeholder that blocks no one.
      const proven = providerEmail !== null;
      await store.insertUserWithIdentity(
        {
          id,
          email: proven ? email : placeholderEmail(id),
          pending_email: proven ? null : email,
          email_verified_at: proven ? now : null,
          username,
          first_name: firstName,
          last_name: lastName,
          password_hash: null,
          birthday,
          country: input.country,
          image_medium_url: flow.picture,
          created_at: now,
          kr_privacy_consent_opt_in: consentStep && input.privacyConsentOptIn ? 1 : 0,
          marketing_notifs_opt_out: input.marketingNotifsOptOut ? 1 : 0,
          consented_at: consentStep ? now : null,
        },
        { provider: flow.provider, subject: flow.subject, email: flow.email, proven_at: proven ? now : null },
        { id: sha256(token), user_id: id, created_at: now, expires_at: now + SESSION_TTL_MS },
        flow.id,
      );
      if (proven) await gate.spend(email);
      if (!proven) await auth.sendVerificationLink({ id, username, first_name: firstName }, email);
      return {
        user: {
          id,
          username,
          first_name: firstName,
          full_name: `${firstName} ${lastName}`.trim(),
          email,
          image_medium_url: flow.picture,
          email_verified: proven,
        },
        token,
        sources: { birthday_source_site: providerBirthday !== null ? flow.provider : OWN_SITE, email_source_site: providerEmail ? flow.provider : OWN_SITE },
      };
    },

    /**
     * After 'link_required' the user logged in with the password (the normal log-in, lockout and
     * two-factor included); now the identity joins that account, if the provider vouched for its email.
     */
    async linkAfterLogIn(cookieToken: string | undefined, viewer: Viewer) {
      assertRecentLogIn(viewer);
      const flow = await finishedFlow(cookieToken);
      if (!flow.email_verified || normaliseEmail(flow.email ?? '') !== normaliseEmail(viewer.email)) throw new ApiError('social_link_refused');
      const linked = await store.findIdentity(flow.provider, flow.subject);
      if (linked && linked.user_id !== viewer.id) throw new ApiError('social_already_linked');
      // The provider vouches for the account's own email: the identity is proven, and so is the email.
      if (
        !linked &&
        !(await credentials.link(
          { provider: flow.provider, subject: flow.subject, user_id: viewer.id, email: flow.email, created_at: clock.now(), proven_at: clock.now() },
          flow.id,
          viewer.sessionId,
        ))
      ) {
        throw new ApiError('social_already_linked');
      }
      await credentials.markEmailVerified(viewer.id, viewer.email, clock.now());
      return { provider: flow.provider as ProviderName };
    },

    /**
     * GET /v3/facebook/login_data/: for the Facebook identity this browser
     * has just proved (its flow cookie), how else its account can log in. Facebook-only when neither
     * Google nor a password; then 'Recover your account' sends the reset link to `email`.
     */
    async facebookLoginData(cookieToken: string | undefined, facebookId: string) {
      const flow = await finishedFlow(cookieToken, 'facebook');
      if (flow.subject !== facebookId) throw new ApiError('social_flow_invalid');
      const linked = await store.findIdentity('facebook', flow.subject);
      const user = linked ? await users.findUserById(linked.user_id) : undefined;
      if (!user) throw new ApiError('social_account_not_found');
      const google = (await store.identitiesOf(user.id)).some((identity) => identity.provider === 'google');
      const hasPassword = Boolean(user.password_hash);
      return { connected_to_gplus: google, connected_to_google: google, has_password: hasPassword, facebook_only: !google && !hasPassword, email: user.email };
    },

    /**
     * POST /v3/facebook/profile_data/: the Facebook profile this browser's
     * flow verified, in Facebook's field names. The email only when the provider verified it.
     */
    async facebookProfile(cookieToken: string | undefined) {
      const flow = await finishedFlow(cookieToken, 'facebook');
      return {
        id: flow.subject,
        first_name: flow.given_name ?? '',
        last_name: flow.family_name ?? '',
        email: flow.email_verified ? flow.email : null,
        gender: null,
        birthday: flow.birthdate,
        picture: { url: flow.picture, is_silhouette: !flow.picture },
      };
    },

    /** Settings: the providers connected to the account, and whether it has a password. */
    async identities(viewer: Viewer) {
      const user = await users.findUserById(viewer.id);
      return { has_password: Boolean(user?.password_hash), identities: await store.identitiesOf(viewer.id) };
    },

    /**
     * Settings: disconnect a provider, unless it is the account's only way in. Its proof is a real log-in
     * (password and two-factor, or the provider) in the last 30 minutes, as linking's; the epoch moves.
     */
    async unlink(viewer: Viewer, provider: ProviderName) {
      assertRecentLogIn(viewer);
      const { has_password, identities } = await this.identities(viewer);
      if (!identities.some((identity) => identity.provider === provider)) throw new ApiError('not_found');
      if (!has_password && identities.length === 1) throw new ApiError('social_last_method');
      await credentials.unlink(viewer.id, provider, clock.now(), viewer.sessionId);
    },

    /**
     * An account made through a provider sets its first password (changing one goes through
     * UserPasswordResource): a recent real log-in through its provider, and its two-factor code when on.
     */
    async setFirstPassword(viewer: Viewer, newPassword: string, proof: Proof = {}) {
      assertRecentLogIn(viewer);
      const user = await users.findUserById(viewer.id);
      if (!user) throw new ApiError('unauthorized');
      if (user.password_hash) throw new ApiError('password_already_set');
      assertNewPassword(newPassword, user.email, config.passwordMinLength);
      await prove(viewer, user, { code: proof.code });
      // Written only where there is still none: of two sent together, the second finds the first's.
      if (!(await credentials.setFirstPassword(user.id, await hashPassword(newPassword), clock.now(), viewer.sessionId)))
        throw new ApiError('password_already_set');
    },
  };
}

export type ProviderService = ReturnType<typeof providerService>;
