import { Readable } from 'node:stream';
import { Hono } from 'hono';
import type { AppEnv } from '../deps.js';
import { NO_LIMIT, declare, none } from '../lib/declare.js';
import { ok } from '../lib/envelope.js';
import { ApiError } from '../lib/errors.js';
import { bodyChunks, hasBody } from '../lib/node-request.js';
import { action, type ResourceRegistry } from '../lib/resources.js';
import { transferContract } from './contract.js';
import { id, parse } from '../lib/validation.js';
import { IMPORT_MAX_BYTES } from './rules.js';
import type { TransfersService } from './service.js';

const ONE_AT_A_TIME = none('one import or export at a time per account (transfer_busy); the work is a job');

export function transferResources(transfers: TransfersService) {
  return {
    // The import-export page: the latest import and export with their progress (the page polls it).
    ImportExportResource: {
      get: action({
        ...transferContract.ImportExportResource.get,
        caller: 'user',
        limit: NO_LIMIT.read,
        run: async (_o, { viewer }) => transfers.latest(viewer),
      }),
    },
    ExportResource: {
      create: action({
        ...transferContract.ExportResource.create,
        caller: 'user',
        limit: ONE_AT_A_TIME,
        run: async (_o, { viewer }) => transfers.startExport(viewer),
      }),
    },
  } satisfies ResourceRegistry;
}

/** POST /v3/imports/ (the file's bytes as the body) and GET /v3/exports/{id}/download/. */
export function transferRoutes(transfers: TransfersService): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.post('/imports/', declare({ caller: 'user', limit: ONE_AT_A_TIME, body: IMPORT_MAX_BYTES, stream: true }), async (c) => {
    const viewer = c.get('viewer');
    if (!viewer) throw new ApiError('unauthorized');
    if (!hasBody(c)) throw new ApiError('import_empty', 'The file is empty. Choose another one.');
    const length = Number(c.req.header('content-length'));
    return ok(c, await transfers.receive(viewer, bodyChunks(c, IMPORT_MAX_BYTES), Number.isFinite(length) ? length : undefined));
  });
  routes.get('/exports/:id/download/', declare({ caller: 'user', limit: NO_LIMIT.read, body: 0 }), async (c) => {
    const viewer = c.get('viewer');
    if (!viewer) throw new ApiError('unauthorized');
    const file = await transfers.download(viewer, parse(id, c.req.param('id')));
    c.header('Content-Type', 'application/zip');
    c.header('Content-Length', String(file.bytes));
    c.header('Content-Disposition', `attachment; filename="${file.name}"`);
    c.header('Cache-Control', 'private, no-store');
    return c.body(Readable.toWeb(file.stream) as ReadableStream);
  });
  return routes;
}
