import { useState } from 'react';
import { t } from '../i18n';
import {
  BIRTHDAY_MESSAGES,
  birthdayProblem,
  emailError,
  emailTypoSuggestion,
  MESSAGES,
  parseBirthday,
  passwordMessage,
  passwordProblem,
  type PasswordMinLength,
} from '../../../api/src/auth/rules';
import { ResourceError } from '../api';
import { isLimitedAnswer } from '../../../api/src/auth/rules/recovery';
import { emailExists, validateEmail } from './client';
import { Field } from './Field';
import { isWeak } from './strength';
import { hasUnderageMarker, setUnderageMarker } from './underage';
import { branded } from '../brand';

export interface SignupFields {
  email: string;
  password: string;
  birthday: string;
}

export interface SignupErrors {
  email?: string;
  password?: string;
  birthday?: string;
}

/** The invalid-email code of the exists check (the catalogue's email_invalid). */
const EMAIL_INVALID = 80;
/** What the exists check's failure says when the server gives no invalid-email message. */
export const EXISTS_FAILED = "Hmm...that doesn't look like an email address";

export interface SignupFormProps {
  fields: SignupFields;
  setFields(update: Partial<SignupFields>): void;
  errors: SignupErrors;
  setErrors(errors: SignupErrors): void;
  /** The form shows at once (home page) or after 'Continue with email'. */
  formAtOnce: boolean;
  minLength: PasswordMinLength;
  minAge?: number;
  now(): number;
  /** The email has an account: switch to log-in mode; `password` set when the form should try it. */
  onExisting(tryPassword: boolean): void;
  /** Every check passed: go on to consents or registration. */
  onValid(): void;
  onUnderage(): void;
  onToast(message: string): void;
  /** The email step: SSO first; true when the email went to single sign-on. */
  onSsoCheck?(email: string): Promise<boolean>;
}

/**
 * The email step: check email and password locally, ask whether the email
 * has an account (if so, log in with the given password), otherwise the server's email check,
 * the strength estimator and the birthday rules, then on to consents or registration.
 */
export function SignupForm(props: SignupFormProps) {
  const { fields, setFields, errors, setErrors, minLength } = props;
  // Coming back (from consents, UnderageConfirmation or log-in) with an email typed: the form stays open.
  const [open, setOpen] = useState(props.formAtOnce || fields.email !== '');
  const [busy, setBusy] = useState(false);
  const [suggestion, setSuggestion] = useState<string | null>(null);
  const underage = hasUnderageMarker();

  const existsError = (error: unknown) => {
    const body = error instanceof ResourceError ? error.body : null;
    // Too many checks from this network: say so, rather than blame the email.
    return body?.api_error_code === EMAIL_INVALID || isLimitedAnswer(body) ? body!.message : EXISTS_FAILED;
  };

  /** The server's email check; false (with the message shown) when it fails. */
  const serverEmailOk = async () => {
    try {
      if ((await validateEmail(fields.email)).is_valid) return true;
      setErrors({ email: MESSAGES.emailNotValid });
    } catch (error) {
      props.onToast(error instanceof ResourceError ? error.body.message : MESSAGES.emailNotValid);
    }
    return false;
  };

  // On blur the same existence check runs: an account switches to log-in mode, otherwise the email is validated.
  const onEmailBlur = async () => {
    if (busy || emailError(fields.email)) return;
    try {
      if (await emailExists(fields.email)) return props.onExisting(false);
    } catch (error) {
      return setErrors({ ...errors, email: existsError(error) });
    }
    setSuggestion(emailTypoSuggestion(fields.email));
    await serverEmailOk();
  };

  const submit = async (event: Event) => {
    event.preventDefault();
    if (underage) return setErrors({ birthday: branded(MESSAGES.underage) });
    if (props.onSsoCheck && !emailError(fields.email) && (await props.onSsoCheck(fields.email))) return;
    const emailProblem = emailError(fields.email);
    const password = passwordProblem(fields.password, { minLength, email: fields.email });
    if (emailProblem || password) {
      return setErrors({ email: emailProblem ?? undefined, password: password ? passwordMessage(password, minLength) : undefined });
    }
    setBusy(true);
    setErrors({});
    try {
      let exists: boolean;
      try {
        exists = await emailExists(fields.email);
      } catch (error) {
        return setErrors({ email: existsError(error) });
      }
      if (exists) return props.onExisting(true);
      if (!(await serverEmailOk())) return;
      if (await isWeak(fields.password, fields.email)) return setErrors({ password: MESSAGES.passwordWeak });
      const problem = birthdayProblem(parseBirthday(fields.birthday), props.now(), props.minAge);
      if (problem === 'underage') {
        setUnderageMarker();
        return props.onUnderage();
      }
      if (problem) return setErrors({ birthday: branded(BIRTHDAY_MESSAGES[problem]) });
      props.onValid();
    } finally {
      setBusy(false);
    }
  };

  if (!open) {
    return (
      <button
        type="button"
        class="primary wide"
        onClick={() => {
          setOpen(true);
          // Keyboard users land in the field they asked for.
          setTimeout(() => document.getElementById('signup-email')?.focus());
        }}
      >
        {t('auth.continueEmail')}
      </button>
    );
  }

  /** A field's error (the server's included) goes once the field changes: it spoke of the old value. */
  const clearError = (field: 'email' | 'password' | 'birthday') => {
    if (errors[field]) setErrors({ ...errors, [field]: undefined });
  };

  return (
    <form class="auth" onSubmit={submit} noValidate aria-labelledby="auth-title">
      <Field
        id="signup-email"
        label={t('auth.email')}
        type="email"
        autocomplete="email"
        value={fields.email}
        onInput={(e) => {
          setFields({ email: e.currentTarget.value });
          setSuggestion(null);
          clearError('email');
        }}
        onBlur={() => void onEmailBlur()}
        error={errors.email}
      >
        {suggestion && (
          <button
            type="button"
            class="link hint"
            onClick={() => {
              setFields({ email: suggestion });
              setSuggestion(null);
            }}
          >
            {t('server.emailTypo', { email: suggestion })}
          </button>
        )}
      </Field>
      <Field
        id="signup-password"
        label={t('auth.password')}
        type="password"
        autocomplete="new-password"
        value={fields.password}
        onInput={(e) => (setFields({ password: e.currentTarget.value }), clearError('password'))}
        error={errors.password}
      />
      <Field
        id="signup-birthday"
        label={t('auth.birthday')}
        type="date"
        value={fields.birthday}
        disabled={underage}
        onInput={(e) => (setFields({ birthday: e.currentTarget.value }), clearError('birthday'))}
        error={errors.birthday ?? (underage ? branded(MESSAGES.underage) : undefined)}
      />
      <button class="primary" type="submit" disabled={busy}>
        {busy ? t('auth.checking') : t('auth.continue')}
      </button>
    </form>
  );
}
