import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AppEnv } from './deps.js';
import { honoSurface, NO_LIMIT } from './lib/declare.js';
import { fail } from './lib/envelope.js';
import type { ContractTable } from './lib/envelope.contract.js';
import { ApiError } from './lib/errors.js';
import { action, checkContracts, resourceRoutes, type ResourceRegistry } from './lib/resources.js';
import { openApiRoutes } from './openapi/routes.js';

/**
 * ARCHITECTURE.md "How to add a route", followed literally for a small resource: if the recipe stops
 * being true (an action that need not come from its contract, a run whose answer is not checked, an
 * entry /openapi.json does not publish), this file stops compiling or passing.
 */

// Step 1, the contract (a capability's contract.ts): the action's options and its answer, one entry.
const greetingContract = {
  GreetingResource: {
    get: { options: z.object({ name: z.string().trim().min(1, 'Enter a name.').max(40) }), answer: z.object({ greeting: z.string() }) },
  },
} satisfies ContractTable;

// Step 2, the declaration (a capability's routes.ts): the entry, who may call it, its limit, its work.
function greetingResources() {
  return {
    GreetingResource: {
      get: action({ ...greetingContract.GreetingResource.get, caller: 'visitor', limit: NO_LIMIT.read, run: (o) => ({ greeting: `Hello, ${o.name}` }) }),
    },
  } satisfies ResourceRegistry;
}

/** The resource layer and /openapi.json as app.ts mounts them, with the registry checked against the contract as at start. */
function recipeApp() {
  const registry = checkContracts(greetingResources(), [greetingContract]);
  const app = new Hono<AppEnv>();
  app.onError((error, c) => fail(c, error instanceof ApiError ? error : new ApiError('internal')));
  app.route('/resource', resourceRoutes(registry));
  app.route(
    '/',
    openApiRoutes(() => ({ routes: honoSurface(app.routes), registry, origin: 'http://localhost', brand: 'Corkboard' })),
  );
  return app;
}

describe('the route recipe, followed literally', () => {
  it('serves the new action in the envelope', async () => {
    const res = await recipeApp().request(`/resource/GreetingResource/get/?data=${encodeURIComponent(JSON.stringify({ options: { name: ' Ada ' } }))}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ resource_response: { data: { greeting: 'Hello, Ada' } } });
  });

  it('refuses options the contract refuses, with its message', async () => {
    const res = await recipeApp().request(`/resource/GreetingResource/get/?data=${encodeURIComponent(JSON.stringify({ options: { name: '' } }))}`);
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain('Enter a name.');
  });

  it('publishes the options and the answer in /openapi.json', async () => {
    const doc = JSON.stringify(await (await recipeApp().request('/openapi.json')).json());
    expect(doc).toContain('GreetingResource');
    expect(doc).toContain('"greeting"');
    expect(doc).toContain('"name"');
  });

  it('does not compile an action whose run answers other than its contract, nor one with no answer', () => {
    const entry = greetingContract.GreetingResource.get;
    // @ts-expect-error run must resolve to the contract's answer: a number is not the greeting's string.
    action({ ...entry, caller: 'visitor', limit: NO_LIMIT.read, run: () => ({ greeting: 42 }) });
    // @ts-expect-error an action with no answer in its contract is not an action.
    action({ options: entry.options, caller: 'visitor', limit: NO_LIMIT.read, run: () => ({ greeting: 'hi' }) });
    expect(entry.answer.safeParse({ greeting: 42 }).success).toBe(false);
  });
});

describe('the start check of the registry against the contracts', () => {
  const entry = greetingContract.GreetingResource.get;
  const declared = () => action({ ...entry, caller: 'visitor', limit: NO_LIMIT.read, run: () => ({ greeting: 'hi' }) });

  it('accepts a registry made from its contract', () => {
    expect(() => checkContracts({ GreetingResource: { get: declared() } }, [greetingContract])).not.toThrow();
  });

  it('refuses a contract entry no action serves', () => {
    expect(() => checkContracts({}, [greetingContract])).toThrow('The contract holds GreetingResource get, which the registry does not have.');
  });

  it('refuses an action with options of its own, not its entry’s', () => {
    const own = action({ ...entry, options: z.object({ name: z.string() }), caller: 'visitor', limit: NO_LIMIT.read, run: () => ({ greeting: 'hi' }) });
    expect(() => checkContracts({ GreetingResource: { get: own } }, [greetingContract])).toThrow(
      'GreetingResource get is not declared from its contract entry',
    );
  });

  it('refuses an action that is in no contract table', () => {
    expect(() => checkContracts({ GreetingResource: { get: declared() }, StrayResource: { get: declared() } }, [greetingContract])).toThrow(
      'StrayResource get has no entry in any contract table.',
    );
  });
});
