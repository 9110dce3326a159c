import type { z } from 'zod';
import type { AdvertisersService } from './advertisers/service.js';
import type { CampaignsService } from './advertisers/campaigns/service.js';
import type { OffsiteVerdict } from './advertisers/offsite/service.js';
import type { offsiteQuery } from './advertisers/routes.js';
import type { emailExistsAnswer, emailValidationAnswer } from './auth/contract.js';
import type { ProviderService } from './auth/providers/service.js';
import type { forgotBody, resetBody } from './auth/routes.js';
import type { AuthService } from './auth/service.js';
import type { boardTitleQuery } from './boards/routes.js';
import type { quickPromoteBody } from './advertisers/campaigns/service.js';
import type { autocompleteQuery } from './pins/routes.js';
import type { PinsService } from './pins/service.js';
import type { TransferJson } from './transfer/contract.js';
import type { appealAnswer, appealBody, decideAnswer, decideBody, hideAnswer, hideBody, queueAnswer, reportAnswer, reportBody } from './reports/contract.js';

type Answer<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;

/**
 * The JSON routes outside the resource layer (`/v3/…`, `/vx/…`, `/ads/…`) that the web app calls, in one
 * table: each path (its parameters as `{name}`), what it takes (`path`, `query`, a `body` for a POST) and
 * what it answers. Answers are the route's own answer schema where its declaration names one, else what
 * its service returns; inputs are the schemas the route parses. Types only, like resources.contract.ts: the
 * web app names a path and inference gives it the rest, so a changed answer is a type error at the caller.
 */
export interface ApiRoutes {
  '/v3/register/exists/': { query: { email: string }; answer: z.output<typeof emailExistsAnswer> };
  '/v3/email/validation/': { query: { email: string }; answer: z.output<typeof emailValidationAnswer> };
  '/v3/users/forgot_password/': { body: z.input<typeof forgotBody>; answer: { status: 'sent'; type: 'reset' | 'unified' } };
  '/v3/users/password/reset/': { body: z.input<typeof resetBody>; answer: { email: string } };
  '/v3/challenge/': { answer: Answer<AuthService['createChallenge']> };
  '/v3/sso/info/': { body: { email: string }; answer: Answer<ProviderService['ssoInfo']> };
  '/v3/facebook/login_data/': { query: { facebook_id: string }; answer: Answer<ProviderService['facebookLoginData']> };
  '/v3/reports/': { body: z.input<typeof reportBody>; answer: z.output<typeof reportAnswer> };
  '/v3/reports/hide/': { body: z.input<typeof hideBody>; answer: z.output<typeof hideAnswer> };
  '/v3/reports/appeal/': { body: z.input<typeof appealBody>; answer: z.output<typeof appealAnswer> };
  '/v3/admin/reports/': { answer: z.output<typeof queueAnswer> };
  '/v3/admin/reports/decide/': { body: z.input<typeof decideBody>; answer: z.output<typeof decideAnswer> };
  '/v3/offsite/': { query: { [K in keyof z.input<typeof offsiteQuery>]?: string }; answer: OffsiteVerdict };
  '/v3/pins/{id}/': { path: { id: string }; answer: Answer<PinsService['get']> };
  '/v3/pins/{id}/board_title_suggestions/': {
    path: { id: string };
    query: { [K in keyof z.input<typeof boardTitleQuery>]?: string };
    answer: Array<{ title: string }>;
  };
  '/v3/search/autocomplete/': { query: { [K in keyof z.input<typeof autocompleteQuery>]?: string }; answer: Answer<PinsService['hashtagSuggestions']> };
  '/v3/imports/': { body: Blob; answer: TransferJson };
  '/vx/business_access/profiles/': { answer: Answer<AdvertisersService['profiles']> };
  '/ads/v4/advertisers/{advertiserId}/pins/{pinId}/quick_promote/': {
    path: { advertiserId: string; pinId: string };
    body: z.input<typeof quickPromoteBody>;
    answer: Answer<CampaignsService['quickPromote']>;
  };
}

export type RouteName = keyof ApiRoutes & string;
/** What a call passes: the route's `path`, `query` and `body`, each only where the route has one. */
export type RouteInput<R extends RouteName> = Omit<ApiRoutes[R], 'answer'>;
export type RouteAnswer<R extends RouteName> = ApiRoutes[R]['answer'];
