import { NO_LIMIT, declare, none } from '../lib/declare.js';
import { Hono, type Context } from 'hono';
import type { AppEnv, Deps, Viewer } from '../deps.js';
import { ok } from '../lib/envelope.js';
import { bodyChunks, hasBody } from '../lib/node-request.js';
import { ApiError } from '../lib/errors.js';
import { action, type ResourceRegistry } from '../lib/resources.js';
import { id, parse } from '../lib/validation.js';
import { gateOpen, groupsFrom, openGates, scenarioOf, VIDEO_UPLOAD_FLAG, type GateViewer } from '../pins/rules/gates.js';
import { VIDEO_TYPES, VIDEO_UPLOAD_MAX_BYTES, type VideoFormat } from './rules.js';
import type { MediaService, UploadAllowance } from './service.js';
import { mediaKeys } from '../storage/index.js';
import { serveObject } from '../storage/serve.js';
import { educationDismissedOf, partnerOf, setEducationDismissed } from './store.js';
import { uploadAnswer, mediaContract } from './contract.js';
import { pinsContract } from '../pins/contract.js';
import { limitsFor } from '../lib/limits.js';

/** The pin-builder experiments this request is in, and whether it may upload video (pins/rules/gates.ts). */
export function uploadAllowance(c: Context<AppEnv>): UploadAllowance {
  const flags = c.get('flags');
  return { groups: groupsFrom(flags), videoUploadAllowed: flags.has(VIDEO_UPLOAD_FLAG) };
}

/** The viewer as the gates read it (the Viewer entity). */
export async function gateViewer(deps: Deps, viewer: Viewer | null, allowance: UploadAllowance): Promise<GateViewer> {
  if (!viewer) return { isAuth: false, isPartner: false, video_upload_allowed: false };
  return { isAuth: true, isPartner: await partnerOf(deps.db, viewer.id), video_upload_allowed: allowance.videoUploadAllowed };
}

export function mediaResources(deps: Deps, media: MediaService) {
  const limits = limitsFor(deps);
  return {
    MediaUploadResource: {
      // An upload of the viewer's own, as the builder shows it before the pin is made.
      get: action({
        ...mediaContract.MediaUploadResource.get,
        caller: 'user',
        limit: NO_LIMIT.read,
        run: async (o, { viewer }) => media.json(await media.own(viewer, o.id)),
      }),
      // An image upload turned and cropped before it is published: the owner's, a business account's (gates.editing).
      update: action({
        ...mediaContract.MediaUploadResource.update,
        caller: 'user',
        limit: 'imageEditAccount',
        policy: "the upload's owner, a business account, before a save uses the upload",
        run: async (o, { c, viewer }) => {
          const gate = await gateViewer(deps, viewer, uploadAllowance(c));
          const allowed = gateOpen('editing', { viewer: gate, scenario: 'default', groups: new Set() });
          if (allowed) await limits.take('imageEditAccount', viewer.id);
          return media.edit(viewer, o, allowed);
        },
      }),
    },
    PinBuilderResource: {
      // What the builder needs to draw its gated controls: the viewer, the scenario, the groups, the gates.
      get: action({
        ...pinsContract.PinBuilderResource.get,
        caller: 'visitor',
        limit: NO_LIMIT.read,
        run: async (o, { c, viewer }) => {
          const allowance = uploadAllowance(c);
          const gate = await gateViewer(deps, viewer, allowance);
          const scenario = o.scenario ?? scenarioOf(o.adCreate === undefined || o.adCreate === false ? '' : `adCreate=${String(o.adCreate)}`);
          const groups = [...allowance.groups];
          const education_dismissed = viewer ? await educationDismissedOf(deps.db, viewer.id) : false;
          return { viewer: gate, scenario, groups, gates: openGates({ viewer: gate, scenario, groups: allowance.groups }), education_dismissed };
        },
      }),
      // The tips panel closed (or opened again) for the account, on every device. One flag of the viewer's own.
      update: action({
        ...pinsContract.PinBuilderResource.update,
        caller: 'user',
        limit: NO_LIMIT.write,
        run: async (o, { viewer }) => {
          await setEducationDismissed(deps.db, viewer.id, o.education_dismissed ? deps.clock.now() : null);
          return { education_dismissed: o.education_dismissed };
        },
      }),
    },
  } satisfies ResourceRegistry;
}

/** POST /v3/media/uploads/: the file's bytes as the body (application/octet-stream, image/* or video/*). */
export function mediaUploadRoutes(media: MediaService): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.post(
    '/uploads/',
    declare({
      caller: 'user',
      limit: none('bounded by BODIES_PER_CLIENT uploads arriving at once and the upload quota'),
      body: VIDEO_UPLOAD_MAX_BYTES,
      stream: true,
      answer: uploadAnswer,
    }),
    async (c) => {
      const viewer = c.get('viewer');
      if (!viewer) throw new ApiError('unauthorized');
      if (!hasBody(c)) throw new ApiError('upload_empty');
      const length = Number(c.req.header('content-length'));
      // Held to the declared size and the body's deadline as it is read (lib/node-request.ts).
      const chunks = bodyChunks(c, VIDEO_UPLOAD_MAX_BYTES);
      return ok(c, await media.receive(viewer, chunks, uploadAllowance(c), Number.isFinite(length) ? length : undefined));
    },
  );
  return routes;
}

/** GET /media/videos/{id}.{mp4|webm}: a video pin's file, as uploaded. */
export function videoRoutes({ config }: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/:file', declare({ caller: 'visitor', limit: NO_LIMIT.read, body: 0 }), async (c) => {
    const match = /^(\d{1,20})\.(mp4|webm)$/.exec(c.req.param('file'));
    if (!match?.[1] || !match[2]) throw new ApiError('not_found');
    const format = match[2] as VideoFormat;
    // The file is stored as sent (only its first bytes were checked): were a browser ever to read it as a
    // page, nothing in it runs or reaches our origin. A <video> that plays it is not affected.
    return serveObject(c, config, mediaKeys.video(parse(id, match[1]), format), {
      'Content-Type': VIDEO_TYPES[format],
      'Content-Security-Policy': "default-src 'none'; sandbox",
    });
  });
  return routes;
}
