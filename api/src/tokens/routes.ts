import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../deps.js';
import { NO_LIMIT } from '../lib/declare.js';
import { ApiError } from '../lib/errors.js';
import { action, type ResourceRegistry } from '../lib/resources.js';
import { tokensContract } from './contract.js';
import { bearerOf } from '../lib/guard.js';
import { tokenRefusal } from './rules.js';
import type { TokensService } from './service.js';

/** The settings page's resource (/settings/tokens/): list, make (with the password) and revoke tokens. */
export function tokenResources(tokens: TokensService) {
  return {
    AccessTokenResource: {
      get: action({ ...tokensContract.AccessTokenResource.get, caller: 'user', limit: NO_LIMIT.read, run: (_o, { viewer }) => tokens.list(viewer) }),
      // Wrong passwords count against the account (securityAccount), as every security setting's do.
      create: action({
        ...tokensContract.AccessTokenResource.create,
        caller: 'user',
        limit: 'securityAccount',
        policy: 'a cookie session with a fresh proof (the password); never a token',
        errors: ['password_incorrect', 'proof_required', 'token_not_allowed'],
        run: (o, { viewer }) => tokens.create(viewer, { name: o.name, scope: o.scope, proof: { password: o.password, code: o.code } }),
      }),
      delete: action({
        ...tokensContract.AccessTokenResource.delete,
        caller: 'user',
        limit: NO_LIMIT.write,
        errors: ['token_not_found'],
        run: (o, { viewer }) => tokens.revoke(viewer, o.id),
      }),
    },
  } satisfies ResourceRegistry;
}

/**
 * The API's viewer: an `Authorization: Bearer` token when the request carries one (its cookie, if any,
 * is not read), else the session cookie. A token that is not honoured is refused (401) rather than read
 * as a visitor, so a script learns at once that its token died; a token's scope and the account
 * resources are judged by tokens/rules.ts before the route runs.
 */
export function bearerOrSession(tokens: TokensService, session: MiddlewareHandler<AppEnv>): MiddlewareHandler<AppEnv> {
  const withToken: (presented: string, ...step: Parameters<MiddlewareHandler<AppEnv>>) => Promise<void> = async (presented, c, next) => {
    const viewer = presented ? await tokens.viewerFromToken(presented) : null;
    if (!viewer?.accessToken) throw new ApiError('token_invalid');
    const refusal = tokenRefusal(viewer.accessToken.scope, c.req.method, c.req.path);
    if (refusal) throw new ApiError(refusal);
    c.set('viewer', viewer);
    await next();
    if (c.res.status < 400) await tokens.tokenUsed(viewer);
  };
  // Not async itself: a request with the cookie (every browser's) goes to the session without a promise of this step's own.
  return (c, next) => {
    const presented = bearerOf(c.req.header('authorization'));
    return presented === undefined ? session(c, next) : withToken(presented, c, next);
  };
}
