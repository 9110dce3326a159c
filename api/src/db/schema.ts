import type { ClientEventName } from '../events/rules.js';
import type { Generated, Insertable, Selectable } from 'kysely';

/**
 * Table shapes, after the entities the save popup and the sign-in flows read.
 * Times are epoch milliseconds; flags are 0/1 integers so SQLite and Postgres read the same.
 */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  boards: BoardsTable;
  board_sections: BoardSectionsTable;
  board_words: BoardWordsTable;
  board_collaborators: BoardCollaboratorsTable;
  images: ImagesTable;
  pins: PinsTable;
  media_uploads: MediaUploadsTable;
  media_upload_waiters: MediaUploadWaitersTable;
  board_email_invites: BoardEmailInvitesTable;
  advertisers: AdvertisersTable;
  advertiser_members: AdvertiserMembersTable;
  advertiser_member_invites: AdvertiserMemberInvitesTable;
  username_redirects: UsernameRedirectsTable;
  follows: FollowsTable;
  board_follows: BoardFollowsTable;
  feed_items: FeedItemsTable;
  pin_search: PinSearchTable;
  pin_hashtags: PinHashtagsTable;
  pin_product_tags: PinProductTagsTable;
  pin_carousel_slots: PinCarouselSlotsTable;
  scheduled_pins: ScheduledPinsTable;
  login_attempts: LoginAttemptsTable;
  auth_tokens: AuthTokensTable;
  outbox: OutboxTable;
  client_events: ClientEventsTable;
  rate_limits: RateLimitsTable;
  board_locks: BoardLocksTable;
  jobs: JobsTable;
  counter_deltas: CounterDeltasTable;
  identities: IdentitiesTable;
  oauth_flows: OauthFlowsTable;
  business_profiles: BusinessProfilesTable;
  billing_profiles: BillingProfilesTable;
  campaigns: CampaignsTable;
  ad_groups: AdGroupsTable;
  pin_promotions: PinPromotionsTable;
  campaign_metrics: CampaignMetricsTable;
  offsite_hosts: OffsiteHostsTable;
  advisories: AdvisoriesTable;
  conversion_tags: ConversionTagsTable;
  ad_events: AdEventsTable;
  pin_sponsorships: PinSponsorshipsTable;
  notifications: NotificationsTable;
  transfers: TransfersTable;
  access_tokens: AccessTokensTable;
  signup_invitations: SignupInvitationsTable;
  operator_actions: OperatorActionsTable;
  reports: ReportsTable;
  report_queue: ReportQueueTable;
}

/** Per-client limit counters (lib/limits.ts), written by rate-limiter-flexible, not by our stores. */
export interface RateLimitsTable {
  key: string;
  points: number;
  /** Epoch ms the window ends; null never (the library's "no expiry"). */
  expire: number | null;
}

/** A held "board is busy" lock (migration 0010); lapses at expires_at if its holder dies. */
export interface BoardLocksTable {
  key: string;
  /** Random token of the holder: only it releases the lock. */
  holder: string;
  expires_at: number;
}

/** A unit of background work (migration 0010): image ingest today. */
/** Pending changes to the pin counts (migrations 0023 and 0033, counts/store.ts); `id` is the order they were written in. */
export interface CounterDeltasTable {
  id: Generated<number>;
  counter: 'board_pins' | 'section_pins' | 'user_pins';
  target_id: string;
  delta: number;
}

export interface JobsTable {
  id: string;
  kind: string;
  /** JSON. */
  payload: string;
  status: 'queued' | 'running' | 'failed';
  attempts: Generated<number>;
  /** Not taken before this time (backoff after a failed attempt). */
  run_at: number;
  /** While running: the lease; past it, the job is taken again (its worker died). */
  locked_until: number | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
  /** The request that queued it (X-Request-Id, core/log.ts; migration 0031), for the worker's log. */
  request_id: string | null;
  /** Migration 0045: the dependency it waits for (database, redis, bucket, disk, network), or null. */
  waiting_on: Generated<string | null>;
  /** Migration 0045: waits so far, for the length of the next one; a wait spends no attempt. */
  pauses: Generated<number>;
}

/** A provider's subject linked to an account (auth/providers/). */
export interface IdentitiesTable {
  provider: string;
  subject: string;
  user_id: string;
  email: string | null;
  created_at: number;
  /** When the account's owner proved this identity (see migration 0020); null: a password reset removes it. */
  proven_at: Generated<number | null>;
}

/** One browser's authorisation request and, after the callback, the verified profile (auth/providers/). */
export interface OauthFlowsTable {
  id: string;
  provider: string;
  mode: string;
  state: string;
  nonce: string;
  code_verifier: string;
  created_at: number;
  expires_at: number;
  subject: string | null;
  email: string | null;
  email_verified: Generated<number>;
  given_name: string | null;
  family_name: string | null;
  picture: string | null;
  birthdate: string | null;
  completed_at: number | null;
  used_at: number | null;
}

/** What the popup's tracking image request reported (events/). */
export interface ClientEventsTable {
  id: string;
  event: ClientEventName;
  client: 'web';
  pin_id: string | null;
  /** The popup page's path and query string, as the client sent them (capped). */
  path: string;
  query: string;
  /** The api_error_code of a failed save, when there was an answer. */
  error_code: number | null;
  /** The logged-in viewer, when the request came from our own page with a session. */
  viewer_id: string | null;
  created_at: number;
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
  /** Migration 0012: the business's country (it sets the currency and budgets) and website. */
  country: Generated<string>;
  website_url: Generated<string | null>;
  /** Migration 0017: the operator's quick promote reading for this advertiser (null: the server's). */
  quick_promote_steps: Generated<string | null>;
  /** The website claim's token, and the merchant id a verified claim earns. */
  merchant_claim_token: Generated<string | null>;
  merchant_id: Generated<string | null>;
  merchant_verified_at: Generated<number | null>;
}

export interface AdvertiserMembersTable {
  advertiser_id: string;
  user_id: string;
  /** JSON list of the access profile's permissions: ["ADMIN"], ["OWNER"], … */
  permissions: Generated<string>;
}

/** The business form's answers (address) for an advertiser. */
export interface BusinessProfilesTable {
  advertiser_id: string;
  business_name: string;
  address_line: string;
  city: string;
  postal_code: string;
  country: string;
  updated_at: number;
}

/** The billing form's answers; never a card number, only what a billing page shows. */
export interface BillingProfilesTable {
  advertiser_id: string;
  card_holder: string;
  card_brand: string;
  card_last4: string;
  currency: string;
  updated_at: number;
}

export interface CampaignsTable {
  id: string;
  advertiser_id: string;
  name: string;
  objective_type: string;
  /** ACTIVE once the advertiser has billing, PENDING_BILLING before. */
  status: string;
  daily_budget_micro: number;
  currency: string;
  country: string;
  start_at: number;
  inclusive_end_date: string | null;
  duration_days: number | null;
  is_ongoing: Generated<number>;
  flexible_daily_budget: Generated<number>;
  ads_client_type: string;
  created_by: string | null;
  created_at: number;
}

export interface AdGroupsTable {
  id: string;
  campaign_id: string;
  name: string;
  /** JSON: the targeting spec as sent. */
  targeting_spec: string;
  auto_targeting: number;
  /** JSON or null: web-conversion metadata (conversion tag and event). */
  optimization_goal_metadata: string | null;
  created_at: number;
}

export interface PinPromotionsTable {
  id: string;
  ad_group_id: string;
  pin_id: string | null;
  destination_url: string;
  product_group_id: string | null;
  status: string;
  created_at: number;
}

export interface CampaignMetricsTable {
  campaign_id: string;
  day: string;
  impressions: Generated<number>;
  clicks: Generated<number>;
  spend_micro: Generated<number>;
}

/** A conversion tag an advertiser made for web-conversion ads (a campaign's selected_ocpm_tag). */
export interface ConversionTagsTable {
  id: string;
  advertiser_id: string;
  name: string;
  created_at: number;
}

/** An impression or a click of a promoted pin; campaign_metrics holds their daily sums. */
export interface AdEventsTable {
  id: string;
  campaign_id: string;
  pin_promotion_id: string;
  kind: 'impression' | 'click';
  day: string;
  spend_micro: number;
  viewer_id: string | null;
  /** Who clicked or saw it, for one click and one impression per viewer a day (migrations 0019, 0022): `user:{id}` or a hash of the address. */
  viewer_key: string | null;
  created_at: number;
}

/** A paid partnership on a pin: requested by its pinner, approved or rejected by the sponsor, or removed. */
export interface PinSponsorshipsTable {
  pin_id: string;
  advertiser_id: string;
  state: 'requested' | 'approved' | 'rejected' | 'removed';
  created_at: number;
  updated_at: number;
}

/** The offsite check's block list: a host and its status (blocked, suspicious, porn). */
export interface OffsiteHostsTable {
  host: string;
  status: string;
  created_at: number;
}

/** An advisory or sensitivity notice on a search term or a pin; notice is the JSON notice model. */
export interface AdvisoriesTable {
  id: string;
  target_type: string;
  target: string;
  severity: number;
  advisory_type: string;
  resource_country: string | null;
  notice: string;
  created_at: number;
}

/** An import or an export and its progress (migration 0029; transfer/). */
export interface TransfersTable {
  id: string;
  owner_id: string;
  kind: 'import' | 'export';
  format: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  total: Generated<number>;
  done: Generated<number>;
  /** JSON an import's job keeps between attempts. */
  state: string | null;
  error: string | null;
  /** The catalogue's api_error_code of a failure that is a verdict on the file. */
  error_code: number | null;
  bytes: number | null;
  created_at: number;
  updated_at: number;
}

/** The hashtags of a pin's description (migration 0018, pins/rules/hashtags.ts), folded, without '#'. */
export interface PinHashtagsTable {
  pin_id: string;
  tag: string;
}

/** A business's product tags on a pin, in their order (migration 0062, the pin builder's shop-the-pin). */
/** Migration 0065: a business's pin to be published later; `input` is the pin's create input as JSON. */
export interface ScheduledPinsTable {
  id: string;
  owner_user_id: string;
  board_id: string;
  media_upload_id: string | null;
  input: string;
  publish_at: number;
  /** `publishing` while one worker saves it (taken so no other does). */
  state: 'scheduled' | 'publishing' | 'published' | 'failed';
  /** A failed one's reason: the name of the refusal (lib/errors.contract.ts), which the popup words in the owner's language. */
  failure: string | null;
  pin_id: string | null;
  created_at: number;
}

export interface PinProductTagsTable {
  pin_id: string;
  position: number;
  url: string;
  title: string;
  price: string | null;
}

/** A business's carousel on a pin: the images after the pin's own, in their order (migration 0066). */
export interface PinCarouselSlotsTable {
  pin_id: string;
  position: number;
  image_id: string;
}

/** A board followed (migration 0027): its new pins come to the follower's home feed. */
/** The home feed's candidates, filled by triggers as pins and follows are written (migration 0057). */
export interface FeedItemsTable {
  reader_id: string;
  created_at: number;
  pin_id: string;
}

export interface BoardFollowsTable {
  follower_id: string;
  board_id: string;
  created_at: number;
}

/**
 * The search index's row of a pin (migration 0027, kept by triggers): `seq` is its place in the search
 * order. On SQLite the words are in the FTS5 table pin_fts (rowid = seq), read through raw SQL in
 * search/store.ts; on Postgres pinner_id and doc (a tsvector) are columns here.
 */
export interface PinSearchTable {
  seq: Generated<number>;
  pin_id: string;
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
  /** The sign-up consent step: 1 when the required consents were given at sign-up. */
  kr_privacy_consent_opt_in: Generated<number>;
  marketing_notifs_opt_out: Generated<number>;
  consented_at: Generated<number | null>;
  /** The site this user officially stands for (the creator card of a link's domain names them). */
  verified_domain: Generated<string | null>;
  /** Migration 0061: the token given for the website being claimed, until it is proved. */
  domain_claim_token: Generated<string | null>;
  /** Migration 0061: the token that proved verified_domain (re-read when another account proves the same domain). */
  domain_proof_token: Generated<string | null>;
  /** Migration 0064: when the account closed the pin builder's tips (partners), so they stay closed on every device. */
  builder_education_dismissed_at: Generated<number | null>;
  listed_website_url: Generated<string | null>;
  connected_to_instagram: Generated<number>;
  /** A business (partner) account. */
  is_partner: Generated<number>;
  /** Why the account is in its state (a deactivation reason); see auth/states.ts. */
  state_reason: Generated<string | null>;
  /** Who set the state (migration 0042): 'subject' (the account's owner) or 'operator'; a log-in lifts only the subject's own. */
  state_set_by: Generated<'subject' | 'operator'>;
  /** Two-factor: null (off), 'sms' (codes to phone_number) or 'totp' (an authenticator app). */
  mfa_method: Generated<string | null>;
  phone_number: Generated<string | null>;
  totp_secret: Generated<string | null>;
  /** The last TOTP time step accepted, so a code is used once. */
  totp_last_step: Generated<number | null>;
  /** When the email was proven (a verification link, a reset, a provider's word); null: unverified (migration 0020). */
  email_verified_at: Generated<number | null>;
  /** An address typed at a social sign-up, waiting for its link: not the account's email yet, so it blocks no one. */
  pending_email: Generated<string | null>;
  /** Migration 0025: when two-factor was last turned on (a session must have passed it since to count). */
  mfa_enabled_at: Generated<number | null>;
  /** A two-factor set-up waiting for its confirming code: 'totp' with its secret, or 'sms' with its phone. */
  mfa_pending_method: Generated<string | null>;
  mfa_pending_secret: Generated<string | null>;
  mfa_pending_phone: Generated<string | null>;
  /** Migration 0026: the profile's About (profile settings). */
  about: Generated<string | null>;
  /** Migration 0035: moved by every committed credential change; what was issued under an older epoch is dead. */
  security_epoch: Generated<number>;
  /** Migration 0051: 1 for an operator of this instance (the console at /admin/, with two-factor passed). */
  is_operator: Generated<number>;
}

/** Migration 0026: a changed username's old address, redirecting to the account's current one. */
export interface UsernameRedirectsTable {
  old_username: string;
  user_id: string;
  created_at: number;
}

/** Migration 0026: an owner's invite of a business member by email; the link's token as sha256. */
export interface AdvertiserMemberInvitesTable {
  token_hash: string;
  advertiser_id: string;
  email: string;
  /** JSON list of permissions, as advertiser_members.permissions. */
  permissions: string;
  invited_by: string;
  created_at: number;
  expires_at: number;
}

/** Failed log-ins by normalised email (auth/lockout.ts). */
export interface LoginAttemptsTable {
  email: string;
  failures: number;
  first_failed_at: number;
  locked_until: number | null;
}

/** 'backup': a two-factor backup code (migration 0025); 'email_change' is not a kind: a change is a 'verify' link to pending_email. */
export type TokenKind = 'reset' | 'mfa' | 'challenge' | 'known' | 'verify' | 'backup' | 'email_undo';

/** Single-use secrets, stored as sha256: reset links, two-factor codes, spent challenges, remembered browsers. */
export interface AuthTokensTable {
  id: string;
  kind: TokenKind;
  user_id: string | null;
  /** Where the secret was sent (an email or a phone number), for per-address limits. */
  address: string | null;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  /** Migration 0036: the account's security epoch when it was issued (auth/credentials/epoch.ts). */
  security_epoch: Generated<number>;
  /** Migration 0036: the session that asked for it (an email change's link keeps that session when it commits). */
  session_id: Generated<string | null>;
}

/** Mail and SMS the dev outbox holds when no SMTP server is configured (lib/outbox.ts). */
export interface OutboxTable {
  id: string;
  channel: 'email' | 'sms';
  to_address: string;
  subject: string;
  body: string;
  created_at: number;
}

export interface SessionsTable {
  /** sha256 of the cookie token: a copy of the table is no set of live sessions. */
  id: string;
  user_id: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
  /** Migration 0025: when this session passed two-factor (a log-in with a code, a set-up, a step-up); null: never. */
  mfa_at: Generated<number | null>;
  /** Last request (written at most every few minutes), the browser's user agent (capped) and a coarse place. */
  last_used_at: Generated<number | null>;
  user_agent: Generated<string | null>;
  place: Generated<string | null>;
  /** Migration 0036: the account's security epoch when it began; honoured only while it is still the account's. */
  security_epoch: Generated<number>;
  /** Migration 0036: when its holder really logged in; a session a change rotates keeps its predecessor's. */
  logged_in_at: Generated<number | null>;
}

export type Privacy = 'public' | 'secret' | 'protected';

export interface BoardsTable {
  id: string;
  /** Migration 0052: null while shown; 'hidden' or 'removed' by an operator (gone for all but the owner). */
  hidden: Generated<'hidden' | 'removed' | null>;
  /** The reason the owner is told. */
  hidden_reason: Generated<string | null>;
  /** When the owner used their one appeal. */
  appealed_at: Generated<number | null>;
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
  /** The picker's order (boards/rules/names.ts), stored at write time so it can be paged in SQL (migration 0009). */
  sort_digit: Generated<number>;
  sort_key: Generated<string>;
  /** The pin whose image the owner chose as cover (migration 0028); null: the cover follows the save rule. */
  cover_pin_id: Generated<string | null>;
}

export type NotificationKind =
  | 'board_invite'
  | 'invite_accepted'
  | 'new_follower'
  | 'pin_saved'
  | 'report_reviewed'
  | 'moderation_hidden'
  | 'moderation_removed'
  | 'moderation_warned'
  | 'moderation_restored'
  | 'domain_taken'
  | 'scheduled_pin_failed';

/** Notifications in the app (migration 0028): one row per recipient and event. */
export interface NotificationsTable {
  id: string;
  recipient_id: string;
  kind: NotificationKind;
  actor_id: string;
  board_id: string | null;
  pin_id: string | null;
  created_at: number;
  read_at: number | null;
  /** Migration 0058: a moderation notice's reason; null for every other kind. */
  note: Generated<string | null>;
}

/** Each board's name words, folded as boards/rules/names.ts folds them: the picker's server search (migration 0009). */
export interface BoardWordsTable {
  board_id: string;
  owner_id: string;
  word: string;
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
  /** Set while its bytes are being deleted (migration 0034, media/release.ts): not to be linked or written. */
  released_at: number | null;
}

export interface PinsTable {
  id: string;
  /** Migration 0052: null while shown; 'hidden' or 'removed' by an operator (gone for all but the owner). */
  hidden: Generated<'hidden' | 'removed' | null>;
  /** The reason the owner is told. */
  hidden_reason: Generated<string | null>;
  /** When the owner used their one appeal. */
  appealed_at: Generated<number | null>;
  board_id: string;
  section_id: string | null;
  pinner_id: string;
  image_id: string | null;
  /** Null for a pin that is only a link (migration 0006). */
  image_url: string | null;
  link: string | null;
  title: Generated<string>;
  description: Generated<string>;
  method: string;
  guid: string | null;
  color: string | null;
  created_at: number;
  /** The advertiser a non-owner saved this pin for; null otherwise. */
  advertiser_id: Generated<string | null>;
  /** The pin builder's alt text (migration 0015); '' when none was given. */
  alt_text: Generated<string>;
  /** The uploaded video a video pin plays (media_uploads.id); null for every other pin. */
  video_upload_id: Generated<string | null>;
}

/** A file a user uploaded in the pin builder (migration 0015): an image (its re-encoded row) or a video. */
export interface MediaUploadsTable {
  id: string;
  owner_id: string;
  kind: 'image' | 'video';
  image_id: string | null;
  video_format: 'mp4' | 'webm' | null;
  bytes: number;
  created_at: number;
  /** Migration 0024: an image upload is 'processing' until its re-encode job has run; a video is 'ready' at once. */
  status: Generated<'processing' | 'ready' | 'failed'>;
  /** Why a 'failed' upload failed, as a user reads it. */
  error: Generated<string | null>;
  /** When a pin was first saved with it; null: no save claimed it (the sweeper's candidates). */
  used_at: Generated<number | null>;
}

/** A pin saved while its upload was still processing (migration 0024): linked by the upload's job. */
export interface MediaUploadWaitersTable {
  upload_id: string;
  pin_id: string;
}

export type User = Selectable<UsersTable>;
export type Board = Selectable<BoardsTable>;
export type BoardSection = Selectable<BoardSectionsTable>;
export type Pin = Selectable<PinsTable>;
export type NewPin = Insertable<PinsTable>;

/** Migration 0049: a personal access token (tokens/); only the secret's sha256 is kept. */
export interface AccessTokensTable {
  id: string;
  user_id: string;
  name: string;
  scope: 'read' | 'write';
  token_hash: string;
  /** The owner's security epoch when it was made: honoured only while the owner's is still this. */
  security_epoch: number;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
}

/** Migration 0050: a single-use sign-up invitation (SIGNUP_MODE=invite, auth/invitations.ts). */
export interface SignupInvitationsTable {
  id: string;
  email: string;
  token_hash: string;
  invited_by: string | null;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** Migration 0051: the operators' audit log, append-only (triggers refuse update and delete). */
export interface OperatorActionsTable {
  id: string;
  /** The operator's account; null: the command line (`npm run admin`). */
  operator_id: string | null;
  via: 'console' | 'cli';
  /** What was done, e.g. 'account.suspend', 'report.dismiss', 'pin.hide', 'operator.grant'. */
  action: string;
  /** What it was done to: 'user', 'pin', 'board', 'report', 'host', 'notice', 'advertiser', 'invitation'. */
  subject_kind: string;
  subject_id: string;
  /** The operator's why, as typed; null when the action asks none. */
  reason: string | null;
  /** JSON of what else a reader needs (the state set, the old value). */
  detail: string | null;
  created_at: number;
}

/** Migration 0052: reports of pins, boards and profiles, and owners' appeals; one per reporter per object. */
export interface ReportsTable {
  id: string;
  kind: Generated<'report' | 'appeal'>;
  object_kind: 'pin' | 'board' | 'user';
  object_id: string;
  reporter_id: string | null;
  /** The account id, or for a visitor the hashed client address. */
  reporter_key: string;
  reason: string;
  note: string | null;
  state: Generated<'open' | 'closed'>;
  decision: string | null;
  created_at: number;
  decided_at: number | null;
  /** Migration 0059: 1 once the reporting member hid the object from their own view. */
  hidden_for_reporter: Generated<number>;
}

/** Migration 0060: the queue as it is written (triggers on reports): one row per object with anything open. */
export interface ReportQueueTable {
  object_kind: 'pin' | 'board' | 'user';
  object_id: string;
  open_reports: number;
  appeals: number;
  /** open_reports + appeals: the queue's order, most first. */
  total: number;
  newest_at: number;
}
