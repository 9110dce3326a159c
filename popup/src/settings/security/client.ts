import { getResource, postResource, ResourceError } from '../../api';
import { fromEnglish, t as main } from '../../i18n';
import { ERROR_WORDS, t } from './messages';

/** SecuritySettingsResource get (api/src/auth/security.ts securityStatus). */
export interface SecurityStatus {
  mfa: { method: 'totp' | 'sms' | null; phone_number_end: string | null; backup_codes_left: number; session_passed: boolean; pending: 'totp' | 'sms' | null };
  has_password: boolean;
  email: string | null;
  pending_email: string | null;
}

export const loadStatus = () => getResource<SecurityStatus>('SecuritySettingsResource');
export const post = <T = unknown>(name: string, action: 'create' | 'update' | 'delete', options: Record<string, unknown>) => postResource<T>(name, action, options);

/** What a failed call says to the person: this area's words for the codes it knows, else the server's (translated when it can be). */
export function failure(error: unknown): string {
  if (!(error instanceof ResourceError)) return main('server.generic');
  const key = ERROR_WORDS[error.code];
  return key ? t(key) : fromEnglish(error.body.message_detail ?? error.body.message);
}
