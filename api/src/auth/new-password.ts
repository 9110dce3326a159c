import { ApiError, type ErrorName } from '../lib/errors.js';
import { passwordProblem, type PasswordMinLength, type PasswordProblem } from './rules.js';
import { isWeakPassword } from './rules/strength.js';

const PASSWORD_ERRORS: Record<PasswordProblem, ErrorName> = {
  too_short: 'password_too_short_6',
  not_ascii: 'password_not_ascii',
  same_as_username: 'password_same_as_username',
};

/** The new-password rules for sign-up, reset and password change alike; throws the first broken one. */
export function assertNewPassword(password: string, email: string, minLength: PasswordMinLength): void {
  const problem = passwordProblem(password, { minLength, email });
  if (problem) throw new ApiError(problem === 'too_short' && minLength === 8 ? 'password_too_short_8' : PASSWORD_ERRORS[problem]);
  if (isWeakPassword(password, email)) throw new ApiError('password_weak');
}
