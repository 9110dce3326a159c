import type { AnswerOf } from '../../../../api/src/resources.contract';
import { getResource, postResource, ResourceError } from '../../api';
import { fromEnglish, t as main } from '../../i18n';
import { ERROR_WORDS, t } from './messages';

/** SecuritySettingsResource get (api/src/auth/security.ts securityStatus). */
export type SecurityStatus = AnswerOf<'SecuritySettingsResource', 'get'>;

export const loadStatus = () => getResource('SecuritySettingsResource');
export const post = postResource;

/** What a failed call says to the person: this area's words for the codes it knows, else the server's (translated when it can be). */
export function failure(error: unknown): string {
  if (!(error instanceof ResourceError)) return main('server.generic');
  const key = ERROR_WORDS[error.code];
  return key ? t(key) : fromEnglish(error.body.message_detail ?? error.body.message);
}
