import { ResourceError } from '../api';
import { emailExists } from './client';
import type { AuthView, SocialState } from './modal';
import { EmailAlreadyExist, EmailCollection, SocialAge, SocialUnavailable } from './SocialSteps';
import type { ProviderName } from './social';

interface Props {
  view: AuthView;
  social: SocialState | null;
  busy: boolean;
  now(): number;
  existingEmail: string;
  unavailable: ProviderName;
  /** The step gave what it asked for: on to the next missing piece. */
  onNext(state: SocialState): void;
  onFailed(state: SocialState): void;
  onNotNow(): void;
  /** The email given has an account already. */
  onExists(email: string): void;
  onLogIn(email: string): void;
  onBack(): void;
}

/**
 * The steps of a sign-up through a provider: the age, the email, its 'already exists', the
 * disabled provider. Not on a save's way: AuthModal loads this with its words when one of these views opens.
 */
export function SocialStepViews({ view, social, busy, now, existingEmail, unavailable, onNext, onFailed, onNotNow, onExists, onLogIn, onBack }: Props) {
  return (
    <>
      {view === 'socialSignupWithAge' && social && (
        <SocialAge
          profile={social.profile}
          now={now}
          error={social.error}
          busy={busy}
          onSubmit={(ms: number) => onNext({ ...social, birthday: Math.floor(ms / 1000), error: undefined })}
        />
      )}
      {view === 'EmailCollection' && social && (
        <EmailCollection
          error={social.error}
          failed={social.failed}
          busy={busy}
          onNotNow={onNotNow}
          onSubmit={(email: string) =>
            // An email that has an account goes to EmailAlreadyExist, then log-in.
            void emailExists(email)
              .then((exists) => (exists ? onExists(email) : onNext({ ...social, email, error: undefined, failed: false })))
              .catch((error: unknown) => onFailed({ ...social, error: error instanceof ResourceError ? error.body.message : undefined, failed: true }))
          }
        />
      )}
      {view === 'EmailAlreadyExist' && <EmailAlreadyExist email={existingEmail} onContinue={() => onLogIn(existingEmail)} />}
      {view === 'socialUnavailable' && <SocialUnavailable provider={unavailable} onOk={onBack} />}
    </>
  );
}
