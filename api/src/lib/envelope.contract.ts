import { z } from 'zod';

/**
 * The envelope every answer travels in (lib/envelope.ts), as schemas (issue 26): `{resource_response: {data}}`
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

/** A capability's answer schemas, by resource and action (its contract.ts): lib/resources.ts withAnswers. */
export type ActionAnswers = Record<string, Partial<Record<'get' | 'create' | 'update' | 'delete', z.ZodType>>>;
