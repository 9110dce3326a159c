import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { requestFlags } from '../auth/routes.js';
import type { AppEnv, Deps, Viewer } from '../deps.js';
import { ok } from '../lib/envelope.js';
import { ApiError } from '../lib/errors.js';
import { action, type ResourceRegistry } from '../lib/resources.js';
import { id, parse } from '../lib/validation.js';
import { groupsFrom, openGates, scenarioOf, SCENARIOS, VIDEO_UPLOAD_FLAG, type GateViewer } from '../pins/gates.js';
import { tooLargeMessage, VIDEO_TYPES, VIDEO_UPLOAD_MAX_BYTES, type VideoFormat } from './rules.js';
import { videoPath, type MediaService, type UploadAllowance } from './service.js';
import { partnerOf } from './store.js';

/** The pin-builder experiments this request is in, and whether it may upload video (pins/gates.ts). */
export function uploadAllowance(c: Context<AppEnv>, config: Deps['config']): UploadAllowance {
  const flags = requestFlags(c, config);
  return { groups: groupsFrom(flags), videoUploadAllowed: flags.has(VIDEO_UPLOAD_FLAG) };
}

/** The viewer as the gates read it (saving.md section 3's Viewer). */
export async function gateViewer(deps: Deps, viewer: Viewer | null, allowance: UploadAllowance): Promise<GateViewer> {
  if (!viewer) return { isAuth: false, isPartner: false, video_upload_allowed: false };
  return { isAuth: true, isPartner: await partnerOf(deps.db, viewer.id), video_upload_allowed: allowance.videoUploadAllowed };
}

export function mediaResources(deps: Deps, media: MediaService): ResourceRegistry {
  return {
    MediaUploadResource: {
      // An upload of the viewer's own, as the builder shows it before the pin is made.
      get: action({ auth: true, options: z.object({ id }), run: async (o, { viewer }) => media.json(await media.own(viewer, o.id)) }),
    },
    PinBuilderResource: {
      // What the builder needs to draw its gated controls: the viewer, the scenario, the groups, the gates.
      get: action({
        auth: false,
        options: z.object({ scenario: z.enum(SCENARIOS).optional(), adCreate: z.union([z.boolean(), z.string().max(10)]).optional() }),
        run: async (o, { c, viewer }) => {
          const allowance = uploadAllowance(c, deps.config);
          const gate = await gateViewer(deps, viewer, allowance);
          const scenario = o.scenario ?? scenarioOf(o.adCreate === undefined || o.adCreate === false ? '' : `adCreate=${String(o.adCreate)}`);
          const groups = [...allowance.groups];
          return { viewer: gate, scenario, groups, gates: openGates({ viewer: gate, scenario, groups: allowance.groups }) };
        },
      }),
    },
  };
}

/**
 * The upload's body limit, before anything is read: a declared length over every kind's limit is refused
 * at once. Otherwise the bytes are judged as they stream (media/service.ts receive), by their kind's limit:
 * a generic limit that reads ahead (hono's bodyLimit on a chunked body) would hold them in memory.
 */
export const uploadBodyLimit: MiddlewareHandler = async (c, next) => {
  const declared = Number(c.req.header('content-length'));
  if (Number.isFinite(declared) && declared > VIDEO_UPLOAD_MAX_BYTES) throw new ApiError('upload_too_large', tooLargeMessage('video'));
  return next();
};

/**
 * The body's chunks as they arrive. On Node, straight from its message, and left unread (never destroyed)
 * when the reading stops early: the refusal is then answered, and the rest of the body is read and dropped
 * after the answer (lib/lingering-close.ts), so the client gets the answer, not a reset. Elsewhere (tests'
 * app.request) from the Request's stream.
 */
function bodyChunks(c: Context<AppEnv>): AsyncIterable<Uint8Array> | null {
  const incoming = (c.env as { incoming?: unknown } | undefined)?.incoming;
  if (incoming instanceof Readable) return { [Symbol.asyncIterator]: () => incoming.iterator({ destroyOnReturn: false }) };
  const body = c.req.raw.body;
  if (!body) return null;
  return {
    async *[Symbol.asyncIterator]() {
      const reader = body.getReader();
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          yield value;
        }
      } finally {
        // Refused part way: stop reading the rest.
        await reader.cancel().catch(() => undefined);
      }
    },
  };
}

/** POST /v3/media/uploads/: the file's bytes as the body (application/octet-stream, image/* or video/*). */
export function mediaUploadRoutes(deps: Deps, media: MediaService): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.post('/uploads/', async (c) => {
    const viewer = c.get('viewer');
    if (!viewer) throw new ApiError('unauthorized');
    const chunks = bodyChunks(c);
    if (!chunks) throw new ApiError('upload_empty');
    const length = Number(c.req.header('content-length'));
    return ok(c, await media.receive(viewer, chunks, uploadAllowance(c, deps.config), Number.isFinite(length) ? length : undefined));
  });
  return routes;
}

/** GET /media/videos/{id}.{mp4|webm}: a video pin's file, as uploaded. */
export function videoRoutes({ config }: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/:file', async (c) => {
    const match = /^(\d{1,20})\.(mp4|webm)$/.exec(c.req.param('file'));
    if (!match?.[1] || !match[2]) throw new ApiError('not_found');
    const format = match[2] as VideoFormat;
    let body: Buffer;
    try {
      body = await readFile(videoPath(config.mediaDir, parse(id, match[1]), format));
    } catch {
      throw new ApiError('not_found');
    }
    c.header('Content-Type', VIDEO_TYPES[format]);
    // The file is stored as sent (only its first bytes were checked): were a browser ever to read it as a
    // page, nothing in it runs or reaches our origin. A <video> that plays it is not affected.
    c.header('Content-Security-Policy', "default-src 'none'; sandbox");
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    c.header('Cross-Origin-Resource-Policy', 'cross-origin');
    return c.body(new Uint8Array(body));
  });
  return routes;
}
