import { randomBytes } from 'node:crypto';
import type { Deps, Viewer } from '../deps.js';
import { ApiError } from '../lib/errors.js';
import { newId, sha256 } from '../lib/ids.js';
import { mayHoldSession } from '../auth/states.js';
import { isPlaceholderEmail } from '../auth/verify.js';
import type { Proof } from '../auth/security.js';
import type { AccessToken } from './contract.js';
import { TOKEN_PREFIX, TOKEN_SEEN_EVERY_MS, TOKENS_PER_ACCOUNT, type TokenScope } from './rules.js';
import { tokensStore } from './store.js';

/**
 * Personal access tokens: a script's way into the API as its owner, without a cookie. The secret is
 * 32 random bytes after a recognisable prefix, shown once; only its sha256 is kept (a high-entropy
 * secret needs no slow hash). A token is honoured while it is not revoked, its owner may hold a session
 * (not suspended, deactivated…) and the owner's security epoch is the one it was made under: a password
 * change, a reset or any other credential change retires every token with the sessions.
 */
export function tokensService(deps: Deps, proveOwner: (viewer: Viewer, proof: Proof) => Promise<void>) {
  const { db, clock } = deps;
  const store = tokensStore(db);
  const listed = (row: { id: string; name: string; scope: TokenScope; created_at: number; last_used_at: number | null }): AccessToken => ({
    id: row.id,
    name: row.name,
    scope: row.scope,
    created_at: Number(row.created_at),
    last_used_at: row.last_used_at === null ? null : Number(row.last_used_at),
  });

  return {
    /** A new token, from a cookie session with a fresh proof (the password): its secret is answered this once. */
    async create(viewer: Viewer, input: { name: string; scope: TokenScope; proof: Proof }) {
      // A token cannot make tokens (tokens/rules.ts refuses it first; this holds whoever calls).
      if (viewer.accessToken) throw new ApiError('token_not_allowed');
      await proveOwner(viewer, input.proof);
      const epoch = await store.epochOf(viewer.id);
      if (epoch === undefined) throw new ApiError('unauthorized');
      if ((await store.liveCount(viewer.id)) >= TOKENS_PER_ACCOUNT)
        throw new ApiError('invalid_input', `You have ${TOKENS_PER_ACCOUNT} tokens. Revoke one you no longer use first.`);
      const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
      const row = {
        id: newId(),
        user_id: viewer.id,
        name: input.name,
        scope: input.scope,
        token_hash: sha256(token),
        security_epoch: epoch,
        created_at: clock.now(),
        last_used_at: null,
        revoked_at: null,
      };
      await store.insert(row);
      return { ...listed(row), token };
    },

    async list(viewer: Viewer) {
      return (await store.liveOf(viewer.id)).map(listed);
    },

    async revoke(viewer: Viewer, id: string) {
      if (!(await store.revoke(viewer.id, id, clock.now()))) throw new ApiError('token_not_found');
      return { revoked: true as const };
    },

    /** The viewer a bearer token stands for, or null (unknown, revoked, an older epoch, an owner who may not hold a session). */
    async viewerFromToken(token: string): Promise<Viewer | null> {
      if (!token.startsWith(TOKEN_PREFIX)) return null;
      const row = await store.findLive(sha256(token));
      if (!row || !mayHoldSession(row.state)) return null;
      return {
        id: row.id,
        email: row.email,
        username: row.username,
        firstName: row.first_name,
        lastName: row.last_name,
        imageMediumUrl: row.image_medium_url,
        sessionId: `token:${row.token_id}`,
        sessionStartedAt: Number(row.token_created_at),
        // A token is never a fresh log-in: nothing that asks for one (linking a provider) takes it.
        loggedInAt: 0,
        emailVerified: row.email_verified_at !== null && !isPlaceholderEmail(row.email),
        // A token never stands in for a second factor.
        mfaPassed: false,
        // Nor for the operator role: the console is for a browser session that passed two-factor.
        isOperator: false,
        sessionLastUsedAt: row.token_last_used_at === null ? null : Number(row.token_last_used_at),
        accessToken: { id: row.token_id, scope: row.scope },
      };
    },

    /** A call the token made and that was answered: its last use, written at most every TOKEN_SEEN_EVERY_MS. */
    async tokenUsed(viewer: Viewer) {
      const now = clock.now();
      if (!viewer.accessToken || (viewer.sessionLastUsedAt !== null && now - viewer.sessionLastUsedAt < TOKEN_SEEN_EVERY_MS)) return;
      await store.used(viewer.accessToken.id, now);
    },
  };
}

export type TokensService = ReturnType<typeof tokensService>;
