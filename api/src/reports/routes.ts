import { Hono } from 'hono';
import type { AppEnv, Deps } from '../deps.js';
import { addressKey, clientAddress } from '../lib/client-address.js';
import { declare, JSON_BODY, NO_LIMIT } from '../lib/declare.js';
import { ok } from '../lib/envelope.js';
import { ApiError } from '../lib/errors.js';
import { limitsFor } from '../lib/limits.js';
import { parse } from '../lib/validation.js';
import { appealAnswer, appealBody, decideAnswer, decideBody, hideAnswer, hideBody, queueAnswer, reportAnswer, reportBody } from './contract.js';
import { PROOF_DECISIONS } from './rules.js';
import { proofService } from '../auth/credentials/proof.js';
import { authStore } from '../auth/store.js';
import { outgoingFor } from '../outbox/service.js';
import type { ReportsService } from './service.js';

const json = async (c: { req: { json: () => Promise<unknown> } }) => {
  try {
    return await c.req.json();
  } catch {
    throw new ApiError('invalid_input', 'The request is not valid JSON.');
  }
};

/**
 * POST /v3/reports/ (anyone who sees the object; limited per account and per address), POST
 * /v3/reports/appeal/ (the owner of a hidden pin or board, once), and the console's queue: GET
 * /v3/admin/reports/ and POST /v3/admin/reports/decide/ (operators).
 */
export function reportRoutes(deps: Deps, reports: ReportsService): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const limits = limitsFor(deps);
  const { prove } = proofService(deps, outgoingFor(deps).sms);

  routes.post(
    '/reports/',
    declare({ caller: 'visitor', limit: ['reportAccount', 'reportAddress'], body: JSON_BODY, policy: 'the reporter sees the object', answer: reportAnswer }),
    async (c) => {
      const viewer = c.get('viewer');
      const body = parse(reportBody, await json(c));
      const address = addressKey(clientAddress(c, deps.config.trustProxy));
      await limits.take('reportAddress', address);
      if (viewer) await limits.take('reportAccount', viewer.id);
      return ok(c, await reports.report({ id: viewer?.id ?? null, key: viewer?.id ?? `address:${address}` }, body));
    },
  );

  routes.post(
    '/reports/appeal/',
    declare({ caller: 'user', limit: NO_LIMIT.write, body: JSON_BODY, policy: 'owner of the hidden pin or board, once', answer: appealAnswer }),
    async (c) => {
      const viewer = c.get('viewer')!;
      return ok(c, await reports.appeal(viewer.id, parse(appealBody, await json(c))));
    },
  );

  routes.get('/admin/reports/', declare({ caller: 'operator', limit: NO_LIMIT.read, body: 0, answer: queueAnswer }), async (c) => ok(c, await reports.queue()));

  // A decision that changes an account (suspend) asks the operator's fresh proof first, as People's actions do;
  // wrong guesses count against the operator's own account.
  routes.post(
    '/admin/reports/decide/',
    declare({
      caller: 'operator',
      limit: 'securityAccount',
      body: JSON_BODY,
      policy: 'an operator; suspend with a fresh proof (password and current second factor)',
      answer: decideAnswer,
    }),
    async (c) => {
      const viewer = c.get('viewer')!;
      const body = parse(decideBody, await json(c));
      if (PROOF_DECISIONS.includes(body.decision)) {
        const self = await authStore(deps.db).findUserById(viewer.id);
        if (!self) throw new ApiError('not_found');
        await prove(viewer, self, { password: body.password, code: body.code });
      }
      return ok(c, await reports.decide(viewer.id, body));
    },
  );

  routes.post(
    '/reports/hide/',
    declare({ caller: 'user', limit: NO_LIMIT.write, body: JSON_BODY, policy: 'the member who reported it, for themselves only', answer: hideAnswer }),
    async (c) => {
      const viewer = c.get('viewer')!;
      return ok(c, await reports.hideForReporter(viewer.id, parse(hideBody, await json(c))));
    },
  );
  return routes;
}
