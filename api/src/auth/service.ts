import type { Deps } from '../deps.js';
import type { Mailer, SmsSender } from '../lib/mail.js';
import { outgoingFor } from '../outbox/service.js';
import { accountRecoveryService } from './account-recovery.js';
import { registerService } from './register.js';
import { sessionService } from './session.js';
import { verificationService } from './verify.js';
import { securityService } from './security.js';

/**
 * The auth capability as one object for routes and tools: sessions (session.ts), email sign-up
 * (register.ts), getting an account back (account-recovery.ts) and verifying an email (verify.ts). The
 * rules live in those modules.
 */
export { BIRTHDAY_ERRORS, emailIsValid, PRODUCT_NAME, type RegisterInput } from './register.js';
export { normaliseEmail, REMEMBER_TTL_MS, SESSION_TTL_MS, type LogInInput } from './session.js';

export function authService(deps: Deps, outgoing: { mailer: Mailer; sms: SmsSender } = outgoingFor(deps)) {
  const session = sessionService(deps, outgoing);
  const verification = verificationService(deps, outgoing.mailer);
  return {
    ...session,
    ...verification,
    ...registerService(deps, verification),
    ...accountRecoveryService(deps, outgoing, session.startSession),
    ...securityService(deps, outgoing, verification, session.startSession),
  };
}

export type AuthService = ReturnType<typeof authService>;
