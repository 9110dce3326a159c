import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { catalogue, type ErrorName } from './errors.contract.js';

/** The catalogue is part of the contract (errors.contract.ts: the web app and /openapi.json read it); the error the API throws is here. */
export { catalogue, type ErrorName };

export class ApiError extends Error {
  readonly code: number;
  readonly status: ContentfulStatusCode;
  readonly detail: string | undefined;
  readonly data: Record<string, unknown> | undefined;

  constructor(
    readonly errorName: ErrorName,
    detail?: string,
    data?: Record<string, unknown>,
  ) {
    const entry = catalogue[errorName];
    super(entry.message);
    this.code = entry.code;
    this.status = entry.status;
    this.detail = detail;
    this.data = data;
  }
}
