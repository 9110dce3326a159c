import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv, Viewer } from '../deps.js';
import { admit, declaring, JSON_BODY, none, type Caller, type Declaration } from './declare.js';
import { bodyText } from './node-request.js';
import { ok } from './envelope.js';
import type { ContractTable } from './envelope.contract.js';
import { ApiError, type ErrorName } from './errors.js';
import { describeIssues, parse } from './validation.js';
import { largeStep } from './large-steps.js';

/**
 * The resource layer of the specs: `GET /resource/{Name}/get/?data={"options":{…}}` and
 * `POST /resource/{Name}/{create|update|delete}/` with `{"options": {…}}`, dispatched from one
 * registry in which every resource declares a zod schema per action.
 */
export const ACTIONS = ['get', 'create', 'update', 'delete'] as const;
export type ActionName = (typeof ACTIONS)[number];

export interface ActionContext<C extends Caller> {
  c: Context<AppEnv>;
  viewer: C extends 'visitor' ? Viewer | null : Viewer;
}

/**
 * An action's declaration (lib/declare.ts): caller, limit and, for a write whose body is more than a
 * small JSON, its body limit (default: 0 for get, whose options are in the URL; JSON_BODY otherwise).
 */
export interface ResourceAction<S extends z.ZodType = z.ZodType, C extends Caller = Caller, R = unknown>
  extends Omit<Declaration, 'caller' | 'body' | 'stream'> {
  options: S;
  caller: C;
  body?: number;
  /** The answer's schema, from the capability's contract.ts: /openapi.json publishes it, tests hold answers to it. */
  answer?: z.ZodType;
  /** Error names (lib/errors.ts) this action answers with beyond those every action may (openapi/document.ts). */
  errors?: readonly ErrorName[];
  run(options: z.output<S>, ctx: ActionContext<C>): R;
}

// biome-ignore lint/suspicious/noExplicitAny: the registry holds actions of every schema and caller; action() typed each against its own
export type Resource = Partial<Record<ActionName, ResourceAction<any, any>>>;
export type ResourceRegistry = Record<string, Resource>;

/**
 * The registry checked against every capability's contract table: each entry has its action, made from
 * that very entry (the same options schema and answer schema), and each action comes from an entry. An
 * action written beside its contract, or an entry no route serves, would let the client, /openapi.json
 * and the server disagree, so start refuses it.
 */
export function checkContracts(registry: ResourceRegistry, tables: readonly ContractTable[]): ResourceRegistry {
  const fromContract = new Set<object>();
  for (const table of tables)
    for (const [name, entries] of Object.entries(table))
      for (const [actionName, entry] of Object.entries(entries)) {
        if (!entry) continue;
        const def = Object.hasOwn(registry, name) ? registry[name]![actionName as ActionName] : undefined;
        if (!def) throw new Error(`The contract holds ${name} ${actionName}, which the registry does not have.`);
        if (def.options !== entry.options || def.answer !== entry.answer)
          throw new Error(`${name} ${actionName} is not declared from its contract entry (its options or answer schema is another).`);
        if (fromContract.has(def)) throw new Error(`${name} ${actionName} is in two contract tables.`);
        fromContract.add(def);
      }
  for (const [name, resource] of Object.entries(registry))
    for (const [actionName, def] of Object.entries(resource))
      if (def && !fromContract.has(def)) throw new Error(`${name} ${actionName} has no entry in any contract table.`);
  return registry;
}

/** What `run` may resolve to: the answer schema's input, the value the answer is checked as. */
type Answering<A extends z.ZodType> = z.input<A> | Promise<z.input<A>>;

/**
 * Declares one action from its contract entry (the capability's contract.ts): `action({ ...contract.X.get,
 * caller, limit, run })`. `run` gets typed options and viewer and must return the entry's answer; the
 * action keeps its options' schema and its answer's type, which the web app's client
 * (resources.contract.ts) reads.
 */
export function action<S extends z.ZodType, A extends z.ZodType, const C extends Caller, R extends Answering<A>>(
  def: ResourceAction<S, C, R> & { answer: A },
): ResourceAction<S, C, R> {
  return def;
}

/** The whole declaration of one action, its body limit filled in. */
// biome-ignore lint/suspicious/noExplicitAny: reads only the declaration's fields, whatever the action's schema
export function actionDeclaration(actionName: ActionName, def: ResourceAction<any, any>): Declaration {
  const declaration: Declaration = { caller: def.caller, limit: def.limit, body: def.body ?? (actionName === 'get' ? 0 : JSON_BODY) };
  if (def.policy) declaration.policy = def.policy;
  return declaration;
}

/** The declaration of `METHOD /resource/{Name}/{action}/`, or undefined when the registry has no such action. */
export function registryDeclaration(registry: ResourceRegistry, method: string, path: string): Declaration | undefined {
  const match = /^\/resource\/([^/]+)\/([^/]+)\/$/.exec(path);
  if (!match) return undefined;
  const [, name, actionName] = match as unknown as [string, string, string];
  if ((actionName === 'get') !== (method === 'GET') || !(ACTIONS as readonly string[]).includes(actionName)) return undefined;
  const def = Object.hasOwn(registry, name) ? registry[name]![actionName as ActionName] : undefined;
  if (!def) return undefined;
  // Made once per action: this runs for every request.
  let made = declarations.get(def);
  if (!made) declarations.set(def, (made = actionDeclaration(actionName as ActionName, def)));
  return made;
}

const declarations = new WeakMap<object, Declaration>();

const envelopeSchema = z.object({ options: z.record(z.string(), z.unknown()).default({}) }).loose();

export function resourceRoutes(registry: ResourceRegistry): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  const dispatch = async (c: Context<AppEnv>, name: string, actionName: ActionName, raw: unknown) => {
    const resource = Object.hasOwn(registry, name) ? registry[name] : undefined;
    if (!resource) throw new ApiError('not_found', `Unknown resource ${name}.`);
    const handler = resource[actionName];
    if (!handler) throw new ApiError('method_not_allowed', `${name} has no ${actionName} action.`);
    const viewer = c.get('viewer');
    admit(handler, viewer);
    // The envelope is only a shape; the action's own schema judges what it holds (a NUL in a user's
    // text gets that field's message), and parse() then refuses a NUL the schema let through.
    const envelope = envelopeSchema.safeParse(raw);
    if (!envelope.success) throw new ApiError('invalid_input', describeIssues(envelope.error.issues));
    const parsed = parse(handler.options, envelope.data.options);
    return ok(c, await handler.run(parsed, { c, viewer }));
  };

  // The two dispatchers: what they admit is each action's declaration (found by lib/bodies.ts and admitted
  // in dispatch); their own covers only a name the registry does not hold (404).
  const dispatcher: Declaration = { caller: 'visitor', limit: none('dispatches to the resource registry, whose actions declare their own'), body: JSON_BODY };
  routes.get(
    '/:name/get/',
    declaring<'/:name/get/'>(dispatcher, (c) => {
      const data = c.req.query('data');
      return dispatch(c, c.req.param('name'), 'get', data === undefined ? {} : parseJson(data));
    }),
  );

  routes.post(
    '/:name/:action/',
    declaring<'/:name/:action/'>(dispatcher, async (c) => {
      const actionName = c.req.param('action');
      if (actionName === 'get' || !(ACTIONS as readonly string[]).includes(actionName)) {
        throw new ApiError('not_found', `Unknown action ${actionName}.`);
      }
      // A large body is parsed, then validated, each in a turn of the loop of its own (lib/large-steps.ts);
      // a small one (every save) waits for no turn.
      const text = await bodyText(c);
      const parsing = largeStep(text.length);
      if (parsing) await parsing;
      const raw = parseJson(text);
      const validating = largeStep(text.length);
      if (validating) await validating;
      return dispatch(c, c.req.param('name'), actionName as ActionName, raw);
    }),
  );

  return routes;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError('invalid_input', 'The request is not valid JSON.');
  }
}
