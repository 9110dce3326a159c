import type { z } from 'zod';
import type { registryOf } from './app.js';
import type { ActionName, ResourceAction } from './lib/resources.js';

/**
 * What the web app may ask of the resource layer, read from the registry itself: per resource and
 * action, the options the client sends (the schema's input, before defaults) and the answer `run`
 * resolves to. Types only: nothing here exists at run time, so the web app's bundle does not grow and
 * the client cannot drift from the server (docs/decisions/contract.md).
 */
type Registry = ReturnType<typeof registryOf>;

/** One action's two sides, as the client sees them. */
export interface ApiAction<Options, Answer> {
  options: Options;
  answer: Answer;
}

type ActionTypes<A> = A extends ResourceAction<infer S, infer _C, infer R> ? ApiAction<z.input<S>, Awaited<R>> : never;

export type ApiResources = {
  [N in keyof Registry]: { [A in keyof Registry[N] & ActionName]: ActionTypes<Registry[N][A]> };
};

export type ResourceName = keyof ApiResources & string;
/** The resources that answer a GET. */
export type ReadableResource = { [N in ResourceName]: 'get' extends keyof ApiResources[N] ? N : never }[ResourceName];
/** The write actions a resource has. */
export type WriteAction<N extends ResourceName> = Exclude<keyof ApiResources[N], 'get'> & ('create' | 'update' | 'delete');
/** The resources with at least one write action. */
export type WritableResource = { [N in ResourceName]: [WriteAction<N>] extends [never] ? never : N }[ResourceName];

type ActionOf<N extends ResourceName, A extends ActionName> = A extends keyof ApiResources[N] ? ApiResources[N][A] : never;
export type OptionsOf<N extends ResourceName, A extends ActionName> = ActionOf<N, A> extends ApiAction<infer O, unknown> ? O : never;
export type AnswerOf<N extends ResourceName, A extends ActionName> = ActionOf<N, A> extends ApiAction<unknown, infer R> ? R : never;
