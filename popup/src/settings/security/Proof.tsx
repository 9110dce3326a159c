import type { SecurityStatus } from './client';
import { Field } from './Field';
import { t } from './messages';

/** What the person typed to prove it is them: the password and, with two-factor on, a code. */
export type ProofValue = { password: string; code: string };
export const NO_PROOF: ProofValue = { password: '', code: '' };

/**
 * The fresh proof a credential change asks for (api/src/auth/credentials/proof.ts): the current password
 * when the account has one, and a two-factor code (or backup code) as well when two-factor is on; neither
 * for an account with neither (a recent log-in through its provider). `passwordOnly` where the change is
 * the second factor's own set-up: a code of the factor being added never proves it.
 */
export function ProofField({
  status,
  value,
  onValue,
  name,
  passwordOnly = false,
}: {
  status: SecurityStatus;
  value: ProofValue;
  onValue: (value: ProofValue) => void;
  name: string;
  passwordOnly?: boolean;
}) {
  return (
    <>
      {status.has_password && (
        <Field
          label={t('currentPassword')}
          type="password"
          value={value.password}
          onValue={(password) => onValue({ ...value, password })}
          autoComplete="current-password"
          name={name}
        />
      )}
      {status.mfa.method && !passwordOnly && (
        <Field
          label={t('codeOrBackup')}
          value={value.code}
          onValue={(code) => onValue({ ...value, code })}
          autoComplete="one-time-code"
          name={`${name}-code`}
        />
      )}
    </>
  );
}

/** The proof as the API takes it. */
export const proofOptions = (status: SecurityStatus, value: ProofValue) => ({
  ...(status.has_password ? { password: value.password } : {}),
  ...(status.mfa.method ? { code: value.code } : {}),
});
