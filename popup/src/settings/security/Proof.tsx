import type { SecurityStatus } from './client';
import { Field } from './Field';
import { t } from './messages';

/** The fresh proof a change asks for: the password when the account has one, else a two-factor code; none for neither (a recent log-in). */
export function ProofField({ status, value, onValue, name }: { status: SecurityStatus; value: string; onValue: (value: string) => void; name: string }) {
  if (status.has_password) return <Field label={t('currentPassword')} type="password" value={value} onValue={onValue} autoComplete="current-password" name={name} />;
  if (status.mfa.method) return <Field label={t('codeOrBackup')} value={value} onValue={onValue} autoComplete="one-time-code" name={name} />;
  return null;
}

/** The proof as the API takes it. */
export const proofOptions = (status: SecurityStatus, value: string) => (status.has_password ? { password: value } : status.mfa.method ? { code: value } : {});
