import type { Generated, Insertable, Selectable } from 'kysely';

/**
 * Table shapes, after the entities of saving.md section 3 and auth.md section 3.
 * Times are epoch milliseconds; flags are 0/1 integers so SQLite and Postgres read the same.
 */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  boards: BoardsTable;
  board_sections: BoardSectionsTable;
  board_collaborators: BoardCollaboratorsTable;
  images: ImagesTable;
  pins: PinsTable;
  board_email_invites: BoardEmailInvitesTable;
  advertisers: AdvertisersTable;
  advertiser_members: AdvertiserMembersTable;
  follows: FollowsTable;
}

export interface BoardEmailInvitesTable {
  board_id: string;
  email: string;
  invited_by: string;
  created_at: number;
}

export interface AdvertisersTable {
  id: string;
  owner_user_id: string;
  name: string;
  created_at: number;
}

export interface AdvertiserMembersTable {
  advertiser_id: string;
  user_id: string;
}

export interface FollowsTable {
  follower_id: string;
  followee_id: string;
  created_at: number;
}

export interface UsersTable {
  id: string;
  email: string;
  username: string;
  first_name: string;
  last_name: string;
  password_hash: string | null;
  birthday: number | null;
  country: string | null;
  image_medium_url: string | null;
  pin_count: Generated<number>;
  state: Generated<string>;
  created_at: number;
  /** auth.md consent step: 1 when the required consents were given at sign-up. */
  kr_privacy_consent_opt_in: Generated<number>;
  marketing_notifs_opt_out: Generated<number>;
  consented_at: Generated<number | null>;
  /** The site this user officially stands for (saving.md 2.1: the creator card of a link's domain). */
  verified_domain: Generated<string | null>;
  listed_website_url: Generated<string | null>;
  connected_to_instagram: Generated<number>;
  /** A business (partner) account. */
  is_partner: Generated<number>;
}

export interface SessionsTable {
  /** sha256 of the cookie token: a copy of the table is no set of live sessions. */
  id: string;
  user_id: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

export type Privacy = 'public' | 'secret' | 'protected';

export interface BoardsTable {
  id: string;
  owner_id: string;
  name: string;
  slug: string;
  description: Generated<string>;
  privacy: Privacy;
  advertiser_id: string | null;
  image_cover_url: string | null;
  pin_count: Generated<number>;
  section_count: Generated<number>;
  archived_at: number | null;
  last_pinned_at: number | null;
  created_at: number;
}

export interface BoardSectionsTable {
  id: string;
  board_id: string;
  title: string;
  slug: string;
  pin_count: Generated<number>;
  created_at: number;
}

export interface BoardCollaboratorsTable {
  board_id: string;
  user_id: string;
  status: 'invited' | 'accepted';
  created_at: number;
}

export interface ImagesTable {
  id: string;
  source_url: string;
  width: number | null;
  height: number | null;
  dominant_color: string | null;
  status: 'pending' | 'ready' | 'failed';
  created_at: number;
}

export interface PinsTable {
  id: string;
  board_id: string;
  section_id: string | null;
  pinner_id: string;
  image_id: string | null;
  image_url: string;
  link: string | null;
  title: Generated<string>;
  description: Generated<string>;
  method: string;
  guid: string | null;
  color: string | null;
  created_at: number;
}

export type User = Selectable<UsersTable>;
export type Board = Selectable<BoardsTable>;
export type BoardSection = Selectable<BoardSectionsTable>;
export type Pin = Selectable<PinsTable>;
export type NewPin = Insertable<PinsTable>;
