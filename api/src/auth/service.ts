import type { Deps, Viewer } from '../deps.js';
import { ApiError } from '../lib/errors.js';
import { newId, newToken, sha256 } from '../lib/ids.js';
import { burnVerifyTime, hashPassword, verifyPassword } from './passwords.js';
import { authStore } from './store.js';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function authService({ db, clock }: Deps) {
  const store = authStore(db);

  const startSession = async (userId: string) => {
    const token = newToken();
    const now = clock.now();
    await store.insertSession({ id: sha256(token), user_id: userId, created_at: now, expires_at: now + SESSION_TTL_MS });
    return token;
  };

  return {
    /**
     * Email and password log-in. A wrong password and an unknown email get the same answer
     * after the same argon2 work. A session presented with the request is revoked: the
     * session id rotates on every log-in.
     */
    async logIn(input: { email: string; password: string }, previous: Viewer | null) {
      const user = await store.findUserByEmail(normaliseEmail(input.email));
      if (!user?.password_hash) {
        await burnVerifyTime(input.password);
        throw new ApiError('password_incorrect');
      }
      if (!(await verifyPassword(user.password_hash, input.password))) throw new ApiError('password_incorrect');
      if (previous) await store.revokeSession(previous.sessionId, clock.now());
      return { user, token: await startSession(user.id) };
    },

    async logOut(viewer: Viewer) {
      await store.revokeSession(viewer.sessionId, clock.now());
    },

    async viewerFromToken(token: string | undefined): Promise<Viewer | null> {
      if (!token) return null;
      const row = await store.findSessionUser(sha256(token), clock.now());
      if (!row) return null;
      return {
        id: row.id,
        email: row.email,
        username: row.username,
        firstName: row.first_name,
        lastName: row.last_name,
        imageMediumUrl: row.image_medium_url,
        pinCount: row.pin_count,
        sessionId: row.session_id,
      };
    },

    /** Creates an email account; the sign-up flow (auth.md section 4) builds on this. */
    async createAccount(input: { email: string; password: string; username: string; firstName: string; lastName?: string }) {
      const id = newId();
      await store.insertUser({
        id,
        email: normaliseEmail(input.email),
        username: input.username,
        first_name: input.firstName,
        last_name: input.lastName ?? '',
        password_hash: await hashPassword(input.password),
        birthday: null,
        country: null,
        image_medium_url: null,
        created_at: clock.now(),
      });
      return id;
    },
  };
}

export type AuthService = ReturnType<typeof authService>;
