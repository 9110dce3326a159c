import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { DEFAULT_BRAND, withBrand } from './rules/brand.js';
import type { ApiError } from './errors.js';
import type { errorBody } from './envelope.contract.js';
import type { z } from 'zod';

/** The one response shape: `{resource_response: {data}}` or `{resource_response: {error}}` (envelope.contract.ts). */
export type ErrorBody = z.infer<typeof errorBody>;

export function ok(c: Context, data: unknown, status: ContentfulStatusCode = 200) {
  return c.json({ resource_response: { data: data ?? null } }, status);
}

/** Every error leaves through here: the catalogue's `{brand}` becomes the product's name (set by createApp). */
export function fail(c: Context, error: ApiError) {
  const brand = (c.get('brand') as string | undefined) ?? DEFAULT_BRAND;
  const body: ErrorBody = { api_error_code: error.code, http_status: error.status, message: withBrand(error.message, brand) };
  if (error.detail) body.message_detail = withBrand(error.detail, brand);
  if (error.data) body.data = error.data;
  // A limit's, an overload's or a full store's answer says when to come back (RFC 9110, Retry-After in seconds).
  const retryAfter = error.data?.retry_after_seconds;
  if ((error.status === 429 || error.status === 503 || error.status === 507) && typeof retryAfter === 'number') c.header('Retry-After', String(retryAfter));
  return c.json({ resource_response: { error: body } }, error.status);
}
