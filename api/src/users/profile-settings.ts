import type { ProfileSettingsAnswer } from './contract.js';
import type { Deps, Viewer } from '../deps.js';
import { ApiError } from '../lib/errors.js';
import type { ImagesService } from '../images/service.js';
import { jobQueue } from '../jobs/service.js';
import { avatarImageId, queueImageRelease } from '../media/release.js';
import { normaliseWebsite, RESERVED_USERNAME_DETAIL, siteDomain, usernameProblem } from './rules.js';
import { ownPathsOf } from '../lib/own-paths.js';

export interface ProfileChanges {
  first_name: string;
  last_name: string;
  username: string;
  about: string;
  website_url: string;
}

/**
 * Profile settings: name, username, avatar, about and website, the account's own to change
 * (the session is theirs: caller 'user'). A new username leaves the old one redirecting to it
 * (username_redirects) until someone else takes the name.
 */
export function profileSettingsService(deps: Deps, images: ImagesService) {
  const { db, clock, config } = deps;
  const jobs = jobQueue(deps);
  const ownPaths = ownPathsOf(deps);
  const read = async (userId: string): Promise<ProfileSettingsAnswer> => {
    const row = await db
      .selectFrom('users')
      .select(['username', 'first_name', 'last_name', 'about', 'listed_website_url', 'image_medium_url'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!row) throw new ApiError('unauthorized');
    return {
      username: row.username,
      first_name: row.first_name,
      last_name: row.last_name,
      about: row.about ?? '',
      website_url: row.listed_website_url ?? '',
      image_medium_url: row.image_medium_url,
    };
  };

  /** A new avatar (or none); the one it replaces, ours alone, is released by a job (media/release.ts). */
  const changeAvatar = (userId: string, url: string | null) =>
    db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('users').select('image_medium_url').where('id', '=', userId).executeTakeFirst();
      await trx.updateTable('users').set({ image_medium_url: url }).where('id', '=', userId).execute();
      const replaced = avatarImageId(config.publicOrigin, before?.image_medium_url ?? null);
      if (replaced && before?.image_medium_url !== url) await queueImageRelease(trx, jobs, [replaced]);
    });

  return {
    /** UserSettingsResource get. */
    get: (viewer: Viewer) => read(viewer.id),

    /** UserSettingsResource update: every field checked before anything is written, in one transaction. */
    async update(viewer: Viewer, input: ProfileChanges) {
      const username = input.username.trim().toLowerCase();
      const problem = usernameProblem(username, ownPaths());
      if (problem) throw new ApiError('username_invalid', problem === 'reserved' ? RESERVED_USERNAME_DETAIL : undefined);
      const website = normaliseWebsite(input.website_url);
      if (website === undefined) throw new ApiError('website_invalid');
      await db
        .transaction()
        .execute(async (trx) => {
          const current = await trx.selectFrom('users').select(['username', 'listed_website_url']).where('id', '=', viewer.id).executeTakeFirstOrThrow();
          if (username !== current.username) {
            const taken = await trx.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst();
            if (taken) throw new ApiError('username_taken');
            // The name is free: someone's old address stops redirecting, and this account's old one starts.
            await trx.deleteFrom('username_redirects').where('old_username', '=', username).execute();
            await trx
              .insertInto('username_redirects')
              .values({ old_username: current.username, user_id: viewer.id, created_at: clock.now() })
              .onConflict((oc) => oc.column('old_username').doUpdateSet({ user_id: viewer.id, created_at: clock.now() }))
              .execute();
          }
          await trx
            .updateTable('users')
            .set({
              username,
              first_name: input.first_name.trim(),
              last_name: input.last_name.trim(),
              about: input.about.trim() || null,
              listed_website_url: website,
            })
            .where('id', '=', viewer.id)
            .execute();
          // A website on another domain lets the official domain go (and a claim waiting for the old one):
          // the proof was of the site the profile named.
          if (siteDomain(website) !== siteDomain(current.listed_website_url)) {
            await trx
              .updateTable('users')
              .set({ verified_domain: null, domain_proof_token: null, domain_claim_token: null })
              .where('id', '=', viewer.id)
              .execute();
          }
        })
        .catch((error: unknown) => {
          // Two accounts taking the same free name at once: the unique index decides, the loser is told it is taken.
          if (error instanceof ApiError) throw error;
          if (/unique|duplicate/i.test(String(error))) throw new ApiError('username_taken');
          throw error;
        });
      return read(viewer.id);
    },

    /** UserAvatarResource create: the image through the image pipeline (sniffed, pixel-limited, re-encoded). */
    async setAvatar(viewer: Viewer, bytes: Buffer) {
      const image = await images.fromUpload(bytes, { userId: viewer.id });
      await changeAvatar(viewer.id, `${config.publicOrigin}/media/${image.id}/236x.jpg`);
      return read(viewer.id);
    },

    /** UserAvatarResource delete: back to the initial. */
    async clearAvatar(viewer: Viewer) {
      await changeAvatar(viewer.id, null);
      return read(viewer.id);
    },

    /** Where an old profile address now lives, or null. */
    async renamedTo(oldUsername: string): Promise<string | null> {
      const row = await db
        .selectFrom('username_redirects as r')
        .innerJoin('users as u', 'u.id', 'r.user_id')
        .select('u.username')
        .where('r.old_username', '=', oldUsername.toLowerCase())
        .executeTakeFirst();
      return row?.username ?? null;
    },
  };
}

export type ProfileSettingsService = ReturnType<typeof profileSettingsService>;
