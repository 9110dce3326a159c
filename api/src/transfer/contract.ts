import { z } from 'zod';
import type { ContractTable } from '../lib/envelope.contract.js';

/** What the import-export page reads (ImportExportResource get) and what an import or export answers. */
export const transferJson = z.object({
  id: z.string(),
  kind: z.enum(['import', 'export']),
  format: z.string(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  total: z.number(),
  done: z.number(),
  error: z.string().nullable(),
  error_code: z.number().nullable(),
  created_at: z.string(),
  /** An export's, once done: GET it with the session. */
  download_url: z.string().nullable(),
  bytes: z.number().nullable(),
});
export type TransferJson = z.infer<typeof transferJson>;

export const importExportJson = z.object({ import: transferJson.nullable(), export: transferJson.nullable() });
export type ImportExportJson = z.infer<typeof importExportJson>;

/**
 * The answers of this capability's resource actions, by resource and action: /openapi.json
 * publishes them, and every answer an API test gets is held to them (openapi/answers.ts). Written from
 * the types the services return; an action's own `answer` (in its routes.ts) comes first.
 */
export const transferContract = {
  ImportExportResource: {
    get: { options: z.object({}), answer: z.object({ import: transferJson.nullable(), export: transferJson.nullable() }) },
  },
  ExportResource: {
    create: { options: z.object({}), answer: transferJson },
  },
} satisfies ContractTable;
