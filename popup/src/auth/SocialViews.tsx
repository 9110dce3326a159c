import { useState } from 'react';
import { t } from '../i18n';
import { BIRTHDAY_MESSAGES, birthdayProblem, emailError, parseBirthday } from '../../../api/src/auth/rules';
import { Field } from './Field';
import { PROVIDER_LABELS, type FacebookLoginData, type ProviderName, type ProvidersInfo, type SignupProfile } from './social';
import { branded } from '../brand';

/** auth.md section 5, collected social email. */
export const COLLECTED_EMAIL_REQUIRED = 'Email is required';
export const COLLECTED_EMAIL_FORMAT = "Hmm... that doesn't look like an email address.";

/**
 * The provider buttons of the sign-up and log-in views: a configured provider only, Line only for
 * country JP (auth.md section 2), each with its tooltip. A provider an experiment turned off still
 * shows; pressing it opens the 'isn't available' modal (docs/decisions.md).
 */
export const FACEBOOK_NEW_USERS_BANNER = "Facebook login isn't available for new users. Continue with email or Google:";

export function SocialButtons({
  providers,
  country,
  onPress,
  noFacebookSignup,
  googleTooltip,
}: {
  providers: ProvidersInfo;
  country: string | null;
  onPress(provider: ProviderName): void;
  noFacebookSignup?: boolean;
  /** auth.md section 8: a voluntarily deactivated account's server message, on the Google button. */
  googleTooltip?: string;
}) {
  const shown = (['google', 'facebook', 'line'] as const).filter(
    (name) => providers[name].configured && (name !== 'line' || country === 'JP') && !(name === 'facebook' && noFacebookSignup),
  );
  if (!shown.length) return null;
  return (
    <div class="social-buttons">
      {noFacebookSignup && providers.facebook.configured && <p class="hint">{FACEBOOK_NEW_USERS_BANNER}</p>}
      {shown.map((name) => (
        <div key={name} class="social-button">
          <button
            type="button"
            class={`secondary wide social-${name}`}
            title={t('auth.useAccount', { provider: PROVIDER_LABELS[name] })}
            aria-describedby={name === 'google' && googleTooltip ? 'google-tooltip' : undefined}
            onClick={() => onPress(name)}
          >
            {t('auth.continueWith', { provider: PROVIDER_LABELS[name] })}
          </button>
          {name === 'google' && googleTooltip && (
            <p id="google-tooltip" role="tooltip" class="tooltip">
              {googleTooltip}
            </p>
          )}
        </div>
      ))}
    </div>
  );
}

/** auth.md section 8: Facebook login is retired behind the recovery flag; the banner follows the account's login data. */
export function facebookBannerText(data: FacebookLoginData): string {
  if (data.connected_to_google) return 'Facebook login is no longer available. Continue with Google to log in.';
  if (data.has_password) return 'Facebook login is no longer available. Log in with your email and password.';
  if (data.facebook_only) return 'Facebook login is no longer available. Recover your account to set a password and keep your Pins.';
  return 'Facebook login is no longer available. Try another way to log in.';
}

export function FacebookBanner({ data, onRecover }: { data: FacebookLoginData; onRecover(): void }) {
  return (
    <div class="hint facebook-banner" role="status">
      <p>{facebookBannerText(data)}</p>
      {data.facebook_only && (
        <button type="button" class="link" onClick={onRecover}>
          {t('auth.recoverAccount')}
        </button>
      )}
    </div>
  );
}

/** Google one-tap's prompt: one press to sign in or up with Google; dismissing it is remembered. */
export function OneTapPrompt({ onTap, onDismiss }: { onTap(): void; onDismiss(): void }) {
  return (
    <aside class="one-tap" aria-label="Google one tap">
      <p>Sign in faster with your Google account.</p>
      <div class="actions">
        <button type="button" class="primary" onClick={onTap}>
          Sign in with one tap
        </button>
        <button type="button" class="link" onClick={onDismiss}>
          Dismiss
        </button>
      </div>
    </aside>
  );
}

/** auth.md section 8: a provider turned off by web_google_disabled / web_facebook_disabled. */
export function SocialUnavailable({ provider, onOk }: { provider: ProviderName; onOk(): void }) {
  const label = PROVIDER_LABELS[provider];
  return (
    <div class="recovery" role="alertdialog" aria-labelledby="auth-title" aria-describedby="unavailable-body">
      <h1 id="auth-title">Oops! {label} isn't available</h1>
      <p id="unavailable-body">Looks like {label} isn't available right now. Give another option a try or refresh the page and try again later.</p>
      <div class="actions">
        <button type="button" class="primary" onClick={onOk}>
          OK
        </button>
      </div>
    </div>
  );
}

/** socialSignupWithAge: the provider gave no birthday; the same rules as the sign-up form's birthday. */
export function SocialAge({ profile, now, minAge, error, busy, onSubmit }: { profile: SignupProfile; now(): number; minAge?: number; error?: string; busy: boolean; onSubmit(birthdayMs: number): void }) {
  const [birthday, setBirthday] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const submit = (event: Event) => {
    event.preventDefault();
    const ms = parseBirthday(birthday);
    const issue = birthdayProblem(ms, now(), minAge);
    if (issue && issue !== 'underage') return setProblem(branded(BIRTHDAY_MESSAGES[issue]));
    setProblem(undefined);
    onSubmit(ms ?? 0);
  };
  return (
    <form class="auth" onSubmit={submit} noValidate aria-labelledby="auth-title">
      <h1 id="auth-title">{profile.first_name ? `Welcome, ${profile.first_name}!` : 'Almost there'}</h1>
      <p class="subtitle">Add your birthday to finish signing up. It won't be part of your public profile.</p>
      <Field id="social-birthday" label="Birthday" type="date" value={birthday} onInput={(e) => setBirthday(e.currentTarget.value)} error={problem ?? error} />
      <button class="primary" type="submit" disabled={busy}>
        Continue
      </button>
    </form>
  );
}

/** EmailCollection: the provider gave no (verified) email; 'Not now' goes back to sign-up. */
export function EmailCollection({ initial, error, busy, onSubmit, onNotNow }: { initial?: string; error?: string; busy: boolean; onSubmit(email: string): void; onNotNow(): void }) {
  const [email, setEmail] = useState(initial ?? '');
  const [problem, setProblem] = useState<string | undefined>();
  const submit = (event: Event) => {
    event.preventDefault();
    if (!email.trim()) return setProblem(COLLECTED_EMAIL_REQUIRED);
    if (emailError(email)) return setProblem(COLLECTED_EMAIL_FORMAT);
    setProblem(undefined);
    onSubmit(email.trim());
  };
  return (
    <form class="auth" onSubmit={submit} noValidate aria-labelledby="auth-title">
      <h1 id="auth-title">Add your email</h1>
      <p class="subtitle">We'll use it to keep your account safe and to help you log in.</p>
      <Field id="collect-email" label="Email" type="email" autocomplete="email" value={email} onInput={(e) => setEmail(e.currentTarget.value)} error={problem ?? error} />
      <button class="primary" type="submit" disabled={busy}>
        Continue
      </button>
      <button type="button" class="link" onClick={onNotNow}>
        Not now
      </button>
    </form>
  );
}

/** EmailAlreadyExist: the email has an account; continue to log-in with it. */
export function EmailAlreadyExist({ email, onContinue }: { email: string; onContinue(): void }) {
  return (
    <div class="recovery" role="alertdialog" aria-labelledby="auth-title" aria-describedby="exists-body">
      <h1 id="auth-title">You already have an account</h1>
      <p id="exists-body">{email} already has an account. Log in to continue.</p>
      <div class="actions">
        <button type="button" class="primary" onClick={onContinue}>
          Log in
        </button>
      </div>
    </div>
  );
}
