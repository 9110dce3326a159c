import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv, Viewer } from '../deps.js';
import { bodyText } from './node-request.js';
import { ok } from './envelope.js';
import { ApiError } from './errors.js';
import { describeIssues, parse } from './validation.js';

/**
 * The resource layer of the specs: `GET /resource/{Name}/get/?data={"options":{…}}` and
 * `POST /resource/{Name}/{create|update|delete}/` with `{"options": {…}}`, dispatched from one
 * registry in which every resource declares a zod schema per action.
 */
export const ACTIONS = ['get', 'create', 'update', 'delete'] as const;
export type ActionName = (typeof ACTIONS)[number];

export interface ActionContext<Auth extends boolean> {
  c: Context<AppEnv>;
  viewer: Auth extends true ? Viewer : Viewer | null;
}

export interface ResourceAction<S extends z.ZodType = z.ZodType, Auth extends boolean = boolean> {
  options: S;
  /** Logged-in callers only (401, api code 7, otherwise). */
  auth: Auth;
  run(options: z.output<S>, ctx: ActionContext<Auth>): unknown;
}

export type Resource = Partial<Record<ActionName, ResourceAction<any, any>>>;
export type ResourceRegistry = Record<string, Resource>;

/** Declares one action; the helper exists so `run` gets typed options and viewer. */
export function action<S extends z.ZodType, const Auth extends boolean>(def: ResourceAction<S, Auth>): ResourceAction<S, Auth> {
  return def;
}

const envelopeSchema = z.object({ options: z.record(z.string(), z.unknown()).default({}) }).loose();

export function resourceRoutes(registry: ResourceRegistry): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  const dispatch = async (c: Context<AppEnv>, name: string, actionName: ActionName, raw: unknown) => {
    const resource = Object.hasOwn(registry, name) ? registry[name] : undefined;
    if (!resource) throw new ApiError('not_found', `Unknown resource ${name}.`);
    const handler = resource[actionName];
    if (!handler) throw new ApiError('method_not_allowed', `${name} has no ${actionName} action.`);
    const viewer = c.get('viewer');
    if (handler.auth && !viewer) throw new ApiError('unauthorized');
    // The envelope is only a shape; the action's own schema judges what it holds (a NUL in a user's
    // text gets that field's message), and parse() then refuses a NUL the schema let through.
    const envelope = envelopeSchema.safeParse(raw);
    if (!envelope.success) throw new ApiError('invalid_input', describeIssues(envelope.error.issues));
    const parsed = parse(handler.options, envelope.data.options);
    return ok(c, await handler.run(parsed, { c, viewer }));
  };

  routes.get('/:name/get/', (c) => {
    const data = c.req.query('data');
    return dispatch(c, c.req.param('name'), 'get', data === undefined ? {} : parseJson(data));
  });

  routes.post('/:name/:action/', async (c) => {
    const actionName = c.req.param('action');
    if (actionName === 'get' || !(ACTIONS as readonly string[]).includes(actionName)) {
      throw new ApiError('not_found', `Unknown action ${actionName}.`);
    }
    return dispatch(c, c.req.param('name'), actionName as ActionName, parseJson(await bodyText(c)));
  });

  return routes;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError('invalid_input', 'The request is not valid JSON.');
  }
}
