import type { AdvertiserContext } from '../advertisers/service.js';
import { saves } from '../core/metrics.js';
import { policyStore } from '../policy/store.js';
import { boardsStore } from '../boards/store.js';
import type { Deps, Viewer } from '../deps.js';
import { ApiError } from '../lib/errors.js';
import { newId } from '../lib/ids.js';
import { coverUrl, imageJson, type ImagesService } from '../images/service.js';
import type { NotificationsService } from '../notifications/service.js';
import { INGEST_JOB, type IngestPayload } from '../images/ingest.js';
import { admitImageWork, admitUserImage } from '../images/backlog.js';
import type { JobsService } from '../jobs/service.js';
import { pinsStore, type PinDetailRow, type ProductTag } from './store.js';
import { foldTag, HASHTAG_SUGGESTIONS } from './rules/hashtags.js';
import { FEED_END, pageOf, readBookmark } from '../lib/bookmark.js';
import type { MediaService, UploadAllowance } from '../media/service.js';
import { creationDisabled, type GateName } from './rules/gates.js';
import { BOARD_FEED_PAGE_SIZE, BOARD_FEED_MAX } from './contract.js';
export { BOARD_FEED_PAGE_SIZE, BOARD_FEED_MAX };

/** A request in no pin-builder experiment group, without video uploads. */
const NO_GROUPS: UploadAllowance = { groups: new Set(), videoUploadAllowed: false };

/** Whether a pin-builder gate is open for this request (pins/rules/gates.ts, read for the viewer, scenario and groups). */
export type GateCheck = (name: GateName) => Promise<boolean>;
/** A save from anywhere but the builder: no gated control was offered, so none is open. */
const NO_GATES: GateCheck = async () => false;

/** The listings' end marker (lib/bookmark.ts). */
export { FEED_END };

import { PIN_METHODS, type PinMethod } from './rules/methods.js';

export { PIN_METHODS, type PinMethod };

export interface PinCreateInput {
  board_id: string;
  section?: string | undefined;
  /** Absent for a pin that is only a link: its page shows a colour tile. */
  image_url?: string | undefined;
  link?: string | undefined;
  description: string;
  title: string;
  method: PinMethod;
  guid?: string | undefined;
  color?: string | undefined;
  /** The pin builder: an image sent with the save, or an upload made before it. */
  image_base64?: Buffer | undefined;
  media_upload_id?: string | undefined;
  alt_text?: string | undefined;
  /** A business's products on the pin (the shop_the_pin gate), already checked by pins/rules/product-tags.ts. */
  product_tags?: ProductTag[] | undefined;
  /** A business's carousel (the carousel gate): its uploads after the pin's own image, in order, checked by the route. */
  carousel_upload_ids?: string[] | undefined;
}

export interface BoardFeedInput {
  board_id: string;
  section_id?: string | undefined;
  page_size: number;
  /** The bookmark of the page before (`{created_at}:{id}` of its last pin), or the end marker. */
  bookmark?: string | undefined;
}

export function pinsService(
  deps: Deps,
  images: ImagesService,
  jobs: Pick<JobsService, 'enqueueStatement'>,
  media: MediaService,
  notifications: Pick<NotificationsService, 'notify'>,
) {
  const { db, clock, config } = deps;
  const pins = pinsStore(db);
  const boards = boardsStore(db);

  const policy = policyStore(db);

  /** A pin the viewer may see (policy/rules.ts pinRule); otherwise it answers as a pin that does not exist. */
  const visiblePin = (viewer: Viewer | null, pinId: string) => policy.pin(viewer?.id ?? null, pinId, 'view');

  /** A pin the viewer may change: its pinner, or its board's owner, still a member (policy/rules.ts pinRule). */
  const editablePin = (viewer: Viewer, pinId: string, action: 'edit' | 'delete') => policy.pin(viewer.id, pinId, action);

  /**
   * A pin as its page shows it, with its product tags. Called only with a row the policy let the viewer see:
   * a hidden or removed pin's tags reach no stranger.
   */
  const pinPage = async (row: PinDetailRow) => ({
    ...pinJson(config.publicOrigin, row),
    product_tags: await pins.productTagsOf(row.id),
    // The images after the pin's own, each as its renditions (none: []).
    carousel: (await pins.carouselOf(row.id)).map((image) => imageJson(config.publicOrigin, image).images),
  });

  /** The advertiser id is kept only for a viewer acting for an advertiser they do not own. */
  /**
   * What a save is refused for before anything is fetched or written: the board, the gated parts, the upload,
   * the section. A scheduled pin (pins/scheduled.ts) is checked by this when it is made and again, through
   * create, when it is published.
   */
  const check = async (viewer: Viewer, given: PinCreateInput, allowance: UploadAllowance = NO_GROUPS, gates: GateCheck = NO_GATES) => {
    const board = await policy.board(viewer.id, given.board_id, 'save');
    // Product tags are the shop_the_pin gate's (business accounts, in the builder's default and ad scenarios):
    // refused here whatever the page offered, before anything is fetched or written.
    const productTags = given.product_tags ?? [];
    if (productTags.length && !(await gates('shop_the_pin'))) throw new ApiError('product_tags_not_allowed');
    // The carousel is the carousel gate's, refused the same way; each upload is checked before anything is written.
    const carouselUploads = given.carousel_upload_ids ?? [];
    if (carouselUploads.length && !(await gates('carousel'))) throw new ApiError('carousel_not_allowed');
    const carouselImages = await media.forCarousel(viewer, carouselUploads);
    // The creation-disabled groups refuse on the server, whatever the page offered.
    const upload = given.media_upload_id ? await media.forPin(viewer, given.media_upload_id) : undefined;
    const builder = !!upload || !!given.image_base64 || given.method === 'pinbuilder' || given.method === 'uploaded';
    if (creationDisabled(allowance.groups, { builder, video: upload?.kind === 'video' })) throw new ApiError('pin_creation_disabled');
    if (upload?.kind === 'video' && !allowance.videoUploadAllowed) throw new ApiError('video_not_allowed');
    // The pin's own image is the carousel's first: a video or a link alone has none to start with.
    if (carouselImages.length && (upload?.kind === 'video' || (!given.image_url && !given.image_base64 && !upload))) {
      throw new ApiError('invalid_input', "carousel_upload_ids: A carousel starts with the Pin's own image.");
    }
    const section = given.section ? await boards.findSection(given.section) : undefined;
    if (given.section && section?.board_id !== board.id) {
      throw new ApiError('invalid_input', 'section: That section is not on this board.');
    }
    return { board, productTags, upload, section, carouselUploads, carouselImages };
  };

  const create = async (
    viewer: Viewer,
    given: PinCreateInput,
    context: AdvertiserContext | null = null,
    allowance: UploadAllowance = NO_GROUPS,
    gates: GateCheck = NO_GATES,
  ) => {
    const { board, productTags, upload, section, carouselUploads, carouselImages } = await check(viewer, given, allowance, gates);
    // An image from the device is checked and re-encoded now, as a downloaded one is (images.fromUpload);
    // the pin then points at our own copy, as an upload made before the save does.
    const sent = given.image_base64 ? await images.fromUpload(given.image_base64, { userId: viewer.id }) : undefined;
    const input: PinCreateInput = sent ? { ...given, image_url: sent.source_url } : upload?.image_url ? { ...given, image_url: upload.image_url } : given;
    const video = upload?.kind === 'video' ? upload : undefined;
    // The same pin saved again to the same board is pointed out, not duplicated.
    if (!input.image_url && !input.link && !video) throw new ApiError('invalid_input', 'image_url: A Pin needs an image or a link.');
    if (!video && (await pins.findDuplicate(viewer.id, board.id, input.image_url ?? null, input.link ?? null))) {
      throw new ApiError('already_saved', `Psst! You already saved this Pin to ${board.name}`);
    }
    // The save answers at once: only the address rules are checked now (one DNS lookup). An image seen
    // before is linked as it is; a new one is fetched and re-encoded by the ingest job written with the pin.
    const ours = sent ?? (upload?.kind === 'image' ? await images.findReady(input.image_url ?? '') : undefined);
    // An upload still being re-encoded: its job links the pin (media.linkWhenReady), no ingest of our own address.
    const awaitsUpload = upload?.kind === 'image' && !ours;
    const image = ours ?? (input.image_url && !awaitsUpload ? await images.findReady(input.image_url) : undefined);
    // Only an address we will fetch is checked: an image we hold already (a repin of an upload, whose
    // address is our own origin's) is linked as it is.
    if (input.image_url && !image && !awaitsUpload) await images.checkSource(input.image_url);
    // A new image waits in the ingest queue: taken, within the person's share of that queue (and under the
    // operator's ceiling on its wait when one is set: images/backlog.ts).
    const ingest = !!input.image_url && !image && !awaitsUpload;
    if (ingest) {
      await admitUserImage(deps, viewer.id);
      await admitImageWork(deps);
    }
    const id = newId();
    if (upload) await media.claim(upload.id);
    const carouselClaim = carouselUploads.length ? await media.claimCarousel(viewer, carouselUploads) : undefined;
    try {
      await pins.savePin(
        {
          id,
          board_id: board.id,
          section_id: section?.id ?? null,
          pinner_id: viewer.id,
          image_id: image?.id ?? null,
          image_url: input.image_url ?? null,
          link: input.link ?? null,
          title: input.title,
          description: input.description,
          method: input.method,
          guid: input.guid ?? null,
          color: input.color ?? null,
          created_at: clock.now(),
          advertiser_id: context && !context.isOwner ? context.id : null,
          alt_text: input.alt_text ?? '',
          video_upload_id: video?.id ?? null,
        },
        // The cover follows the pin into a section, or fills an empty cover. A pin
        // without an image leaves the cover as it is.
        // A pin waiting for its copies takes the cover when they are ready (images/ingest.ts).
        image ? { url: imageJson(config.publicOrigin, image).images['236x'].url, when: section ? 'always' : 'when-missing' } : null,
        [
          ...(ingest ? [jobs.enqueueStatement(INGEST_JOB, { pin_id: id } satisfies IngestPayload)] : []),
          // The tags exist exactly when the pin does: committed with it.
          ...(productTags.length ? [pins.productTagsInsert(id, productTags)!] : []),
          // So are the carousel's slots.
          ...(carouselImages.length ? [pins.carouselInsert(id, carouselImages)!] : []),
        ],
        board,
      );
    } catch (error) {
      // Not saved: the carousel's uploads are free for another try.
      await carouselClaim?.release();
      throw error;
    }
    await carouselClaim?.published();
    // Committed: counted for the operators (core/metrics.ts).
    saves.inc();
    if (awaitsUpload) await media.linkWhenReady(upload.id, id);
    return {
      id,
      board: { id: board.id, name: board.name, privacy: board.privacy },
      section: section ? { id: section.id, title: section.title } : null,
      pinner: { id: viewer.id },
    };
  };

  return {
    create,
    check,

    /**
     * RepinResource create: an existing pin the viewer can see, saved to one of their boards; the advertiser
     * id is kept as on PinResource create.
     */
    async repin(
      viewer: Viewer,
      input: { pin_id: string; board_id: string; section?: string | undefined; description?: string | undefined },
      context: AdvertiserContext | null = null,
    ) {
      const source = await visiblePin(viewer, input.pin_id);
      const saved = await create(
        viewer,
        {
          board_id: input.board_id,
          section: input.section,
          image_url: source.image_url ?? undefined,
          link: source.link ?? undefined,
          color: source.image_url ? undefined : (source.color ?? undefined),
          title: source.title,
          description: input.description ?? source.description,
          method: 'create',
        },
        context,
      );
      // Its pinner hears that someone saved their pin, with the board it went to when they may see it.
      await notifications.notify({ kind: 'pin_saved', actorId: viewer.id, recipientIds: [source.pinner_id], boardId: saved.board.id, pinId: source.id });
      return saved;
    },

    /**
     * BoardFeedResource get: a board's pins (or one section's), newest first, a page at a time. A board
     * the viewer may not see is "not found" as on its page; so is a section that is not on the board.
     */
    async boardFeed(viewer: Viewer | null, input: BoardFeedInput) {
      const board = await policy.board(viewer?.id ?? null, input.board_id, 'view');
      if (input.section_id) {
        const section = await boards.findSection(input.section_id);
        if (section?.board_id !== board.id) throw new ApiError('section_not_found');
      }
      if (input.bookmark === FEED_END) return { pins: [], bookmark: FEED_END };
      const rows = await pins.listBoardPins(board.id, input.section_id ?? null, readBookmark(input.bookmark), input.page_size + 1, viewer?.id ?? null);
      const { page, bookmark } = pageOf(rows, input.page_size);
      return { pins: page.map((row) => pinJson(config.publicOrigin, row)), bookmark };
    },

    /** UserPinsResource get: the viewer's own latest saves, newest first, for their home page. */
    async latestPins(viewer: Viewer, input: { page_size: number; bookmark?: string | undefined }) {
      if (input.bookmark === FEED_END) return { pins: [], bookmark: FEED_END };
      const rows = await pins.listPinnerPins(viewer.id, readBookmark(input.bookmark), input.page_size + 1);
      const { page, bookmark } = pageOf(rows, input.page_size);
      return { pins: page.map((row) => pinJson(config.publicOrigin, row)), bookmark };
    },

    /**
     * PinResource update / delete: the pin's pinner, or the owner of its board, on a board
     * they are still a member of. A pin on a board the caller may not see is "not found"; on one they
     * see but are not a member of, or another collaborator's pin, "forbidden".
     */
    async update(viewer: Viewer, input: { id: string; title?: string | undefined; description?: string | undefined }) {
      const pin = await editablePin(viewer, input.id, 'edit');
      await pins.updatePin(pin.id, {
        ...(input.title !== undefined && { title: input.title }),
        ...(input.description !== undefined && { description: input.description }),
      });
      // The pin page shows the edited pin in place of the one it read, as get answers it.
      return pinPage(await visiblePin(viewer, pin.id));
    },

    async remove(viewer: Viewer, pinId: string) {
      const pin = await editablePin(viewer, pinId, 'delete');
      await pins.deletePin(pin, (imageId) => coverUrl(config.publicOrigin, imageId));
      return { id: pin.id, board_id: pin.board_id };
    },

    /**
     * GET /v3/search/autocomplete/: the hashtags starting with what was
     * typed (with or without its '#'), most used first, at most 5; items are `{query, pin_count}`.
     */
    async hashtagSuggestions(q: string, showPinCount: boolean) {
      const prefix = foldTag(q.trim().replace(/^#/, ''));
      if (!prefix || /[\s\p{P}\p{S}]/u.test(prefix)) return [];
      const rows = await pins.hashtagsStartingWith(prefix, HASHTAG_SUGGESTIONS);
      return rows.filter((r) => r.tag).map((r) => ({ query: `#${r.tag}`, ...(showPinCount && { pin_count: r.pin_count }) }));
    },

    /** A pin as its page shows it, to whoever may see its board. */
    async get(viewer: Viewer | null, pinId: string) {
      return pinPage(await visiblePin(viewer, pinId));
    },
  };
}

export function pinJson(publicOrigin: string, row: PinDetailRow) {
  const board = { id: row.board_id, name: row.board_name, url: `/${row.owner_username}/${row.board_slug}/`, privacy: row.board_privacy };
  return {
    id: row.id,
    type: 'pin' as const,
    title: row.title,
    description: row.description,
    link: row.link,
    method: row.method,
    created_at: new Date(row.created_at).toISOString(),
    dominant_color: row.dominant_color ?? row.color,
    image_url: row.image_url,
    alt_text: row.alt_text,
    // A video pin (the pin builder) plays its uploaded file; its image, when it has one, is the cover.
    video:
      row.video_upload_id && row.video_format
        ? { url: `${publicOrigin}/media/videos/${row.video_upload_id}.${row.video_format}`, format: row.video_format }
        : null,
    images:
      row.image_id && row.image_url
        ? imageJson(publicOrigin, {
            id: row.image_id,
            source_url: row.image_url,
            width: row.image_width,
            height: row.image_height,
            dominant_color: row.dominant_color,
          }).images
        : null,
    board,
    pinned_to_board: board,
    section: row.section_id ? { id: row.section_id, title: row.section_title, slug: row.section_slug } : null,
    pinner: {
      id: row.pinner_id,
      username: row.pinner_username,
      full_name: `${row.pinner_first_name} ${row.pinner_last_name}`.trim(),
    },
    // Whoever still sees a hidden pin is its pinner or its board's owner (policy/rules.ts hiddenShownTo): they are told why.
    ...(row.hidden && { moderation: { state: row.hidden, reason: row.hidden_reason ?? '', appealed: row.appealed_at !== null } }),
  };
}

export type PinsService = ReturnType<typeof pinsService>;
