import { useState } from 'react';
import { t as common } from '../i18n';
import { BIRTHDAY_MESSAGES, birthdayProblem, emailError, parseBirthday } from '../../../api/src/auth/rules';
import { Field } from './Field';
import { t } from './messages';
import { PROVIDER_LABELS, type ProviderName, type SignupProfile } from './social';
import { branded } from '../brand';

/**
 * A provider sign-up's own steps: the age step, the email step, its
 * 'already exists' and the disabled provider's modal. None is on a save's way: a lazy chunk (AuthModal).
 */

/** A provider turned off by web_google_disabled / web_facebook_disabled. */
export function SocialUnavailable({ provider, onOk }: { provider: ProviderName; onOk(): void }) {
  const label = PROVIDER_LABELS[provider];
  return (
    <div class="recovery" role="alertdialog" aria-labelledby="auth-title" aria-describedby="unavailable-body">
      <h1 id="auth-title">{t('unavailableTitle', { provider: label })}</h1>
      <p id="unavailable-body">{t('unavailableBody', { provider: label })}</p>
      <div class="actions">
        <button type="button" class="primary" onClick={onOk}>
          {t('ok')}
        </button>
      </div>
    </div>
  );
}

/** socialSignupWithAge: the provider gave no birthday; the same rules as the sign-up form's birthday. */
export function SocialAge({
  profile,
  now,
  minAge,
  error,
  busy,
  onSubmit,
}: {
  profile: SignupProfile;
  now(): number;
  minAge?: number;
  error?: string;
  busy: boolean;
  onSubmit(birthdayMs: number): void;
}) {
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
      <h1 id="auth-title">{profile.first_name ? t('welcomeName', { name: profile.first_name }) : t('almostThere')}</h1>
      <p class="subtitle">{t('birthdayWhy')}</p>
      <Field
        id="social-birthday"
        label={common('auth.birthday')}
        type="date"
        value={birthday}
        onInput={(e) => setBirthday(e.currentTarget.value)}
        error={problem ?? error}
      />
      <button class="primary" type="submit" disabled={busy}>
        {common('auth.continue')}
      </button>
    </form>
  );
}

/** EmailCollection: the provider gave no (verified) email; 'Not now' goes back to sign-up. */
export function EmailCollection({
  initial,
  error,
  failed,
  busy,
  onSubmit,
  onNotNow,
}: {
  initial?: string;
  error?: string;
  failed?: boolean;
  busy: boolean;
  onSubmit(email: string): void;
  onNotNow(): void;
}) {
  const [email, setEmail] = useState(initial ?? '');
  const [problem, setProblem] = useState<string | undefined>();
  const submit = (event: Event) => {
    event.preventDefault();
    if (!email.trim()) return setProblem(t('emailRequired'));
    if (emailError(email)) return setProblem(t('emailFormat'));
    setProblem(undefined);
    onSubmit(email.trim());
  };
  return (
    <form class="auth" onSubmit={submit} noValidate aria-labelledby="auth-title">
      <h1 id="auth-title">{t('addEmail')}</h1>
      <p class="subtitle">{t('emailWhy')}</p>
      <Field
        id="collect-email"
        label={common('auth.email')}
        type="email"
        autocomplete="email"
        value={email}
        onInput={(e) => setEmail(e.currentTarget.value)}
        error={problem ?? error ?? (failed ? t('emailStepFailed') : undefined)}
      />
      <button class="primary" type="submit" disabled={busy}>
        {common('auth.continue')}
      </button>
      <button type="button" class="link" onClick={onNotNow}>
        {common('common.notNow')}
      </button>
    </form>
  );
}

/** EmailAlreadyExist: the email has an account; continue to log-in with it. */
export function EmailAlreadyExist({ email, onContinue }: { email: string; onContinue(): void }) {
  return (
    <div class="recovery" role="alertdialog" aria-labelledby="auth-title" aria-describedby="exists-body">
      <h1 id="auth-title">{t('alreadyAccount')}</h1>
      <p id="exists-body">{t('alreadyAccountBody', { email })}</p>
      <div class="actions">
        <button type="button" class="primary" onClick={onContinue}>
          {common('auth.logIn')}
        </button>
      </div>
    </div>
  );
}
