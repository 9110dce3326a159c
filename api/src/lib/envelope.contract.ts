import { z } from 'zod';

/**
 * The envelope every answer travels in (lib/envelope.ts), as schemas: `{resource_response: {data}}`
 * or `{resource_response: {error}}`. Pure: the web app, the SDK and /openapi.json read it.
 */
export const errorBody = z.object({
  api_error_code: z.number().int(),
  http_status: z.number().int(),
  message: z.string(),
  message_detail: z.string().optional(),
  data: z.record(z.string(), z.unknown()).optional(),
});

export const errorEnvelope = z.object({ resource_response: z.object({ error: errorBody }) });

/** An answer's envelope around its data. */
export const answerEnvelope = <S extends z.ZodType>(data: S) => z.object({ resource_response: z.object({ data }) });

/**
 * One resource action's two sides: the options it accepts and the answer it gives. Both live in the
 * capability's contract.ts so the client, /openapi.json and the server read one table; the route only
 * adds who may call it, its limit and its work.
 */
export interface ContractEntry<S extends z.ZodType = z.ZodType, A extends z.ZodType = z.ZodType> {
  options: S;
  answer: A;
}

/** A capability's contract, by resource and action: lib/resources.ts checks the registry against it at start. */
export type ContractTable = Record<string, Partial<Record<'get' | 'create' | 'update' | 'delete', ContractEntry>>>;
