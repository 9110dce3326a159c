import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * The error catalogue: every api_error_code the API answers with, its HTTP status and default
 * message. Nothing else invents codes; code that fails throws `new ApiError(name, detail?)`.
 * Numbers named by the specs keep the specs' numbers (7 for "log in first", 2171 for a busy board).
 */
export const catalogue = {
  invalid_input: { code: 1, status: 400, message: 'Some of the information sent is not valid.' },
  forbidden: { code: 3, status: 403, message: "You don't have permission to do that." },
  unauthorized: { code: 7, status: 401, message: 'Please log in to continue.' },
  not_found: { code: 30, status: 404, message: "Sorry, we couldn't find that." },
  method_not_allowed: { code: 31, status: 405, message: 'That method is not allowed here.' },
  unsupported_media_type: { code: 32, status: 415, message: 'Send the request body as JSON (Content-Type: application/json).' },
  payload_too_large: { code: 33, status: 413, message: 'The request body is too large.' },
  cross_origin_write: { code: 34, status: 403, message: 'This request did not come from {brand} and was refused.' },
  password_incorrect: { code: 78, status: 401, message: 'The password you entered is incorrect. Try again or reset your password' },
  // Sign-up; numbers are ours, the messages the spec's.
  email_invalid: { code: 80, status: 400, message: 'Your email is invalid.' },
  email_missing: { code: 81, status: 400, message: "Oops. We're unable to create your account without your email..." },
  email_has_product_name: { code: 82, status: 400, message: 'Please stick to your name, or the name of your brand' },
  email_taken: { code: 83, status: 409, message: 'An account with this email already exists. Log in instead.' },
  password_too_short_6: { code: 84, status: 400, message: 'Your password is too short! You need 6+ characters.' },
  password_too_short_8: { code: 85, status: 400, message: 'Your password is too short! You need 8+ characters.' },
  password_not_ascii: { code: 86, status: 400, message: 'Use only a mix of letters, numbers and special characters (for example: ?, !, $).' },
  password_same_as_username: { code: 87, status: 400, message: 'Please make your username and password different.' },
  password_weak: { code: 88, status: 400, message: 'Please make a stronger password.' },
  age_missing: { code: 89, status: 400, message: 'We need to know your age to provide you this service.' },
  birthday_invalid: { code: 90, status: 400, message: 'Invalid date' },
  underage: { code: 91, status: 403, message: 'Sorry, you’re not eligible to sign up for {brand} right now.' },
  overage: { code: 92, status: 400, message: 'Oops! Please use a valid age to sign up.' },
  consent_required: { code: 93, status: 400, message: "Before you can create an account, you'll need to agree to the required terms below." },
  // Account safety. Numbers 110-129 are ours, kept apart from the
  // sign-up block so other auth work can grow 94+; the client maps them to dialogs in auth/rules/recovery.ts.
  login_assistance: { code: 110, status: 401, message: "Looks like you're having trouble logging in" },
  rate_limited: { code: 111, status: 429, message: 'You have reached the maximum number of login attempts. Try again in 30 minutes.' },
  captcha_required: { code: 112, status: 401, message: 'Oops! You logged in too quickly. Please try again with the reCAPTCHA.' },
  mfa_required: { code: 113, status: 401, message: 'Enter the verification code we sent you.' },
  mfa_code_invalid: { code: 114, status: 401, message: "That code didn't work. Check it or ask for a new one." },
  mfa_send_limited: { code: 115, status: 429, message: "We've sent you a lot of codes. Try again in an hour." },
  account_suspended: { code: 116, status: 403, message: 'Your account has been suspended' },
  account_deactivated: { code: 117, status: 403, message: 'Your account has been deactivated' },
  account_soft_banned: {
    code: 118,
    status: 403,
    message: 'We noticed some strange activity on your account. Reset your password or log in with Facebook or Google to get back into your account.',
  },
  prevent_facebook_register: { code: 119, status: 409, message: 'Your account is already linked to Facebook. To log in with email, set a password.' },
  prevent_google_register: { code: 120, status: 409, message: 'Your account is already linked to Google. To log in with email, set a password.' },
  reset_token_invalid: { code: 121, status: 400, message: 'This link has expired or was already used. Ask for a new one.' },
  // Per-client limits (security issue item 8; lib/limits.ts). 429 with Retry-After and data.retry_after_seconds.
  // 140 is a rate-limit code: the log-in form opens the rate-limited dialog for it.
  login_address_limited: { code: 140, status: 429, message: 'You have reached the maximum number of login attempts. Try again in 30 minutes.' },
  signup_limited: { code: 141, status: 429, message: "We're getting a lot of sign-ups from your network. Try again in an hour." },
  email_check_limited: { code: 142, status: 429, message: "You're checking a lot of emails. Try again in a little while." },
  reset_limited: { code: 143, status: 429, message: "We've had a lot of password reset requests. Try again in an hour." },
  invite_limited: { code: 144, status: 429, message: "You've sent a lot of invites today. Try again tomorrow." },
  // Identity providers and SSO. Numbers 160-179 are ours.
  social_unavailable: {
    code: 160,
    status: 503,
    message: "Looks like this option isn't available right now. Give another option a try or refresh the page and try again later.",
  },
  social_not_configured: { code: 161, status: 404, message: "This way of logging in isn't set up here." },
  social_flow_invalid: { code: 162, status: 400, message: "We couldn't finish logging you in. Close this window and try again." },
  social_denied: { code: 163, status: 401, message: "Couldn't connect. You must authorize {brand}." },
  social_account_not_found: { code: 164, status: 404, message: "We couldn't match your account to any account. Try resetting your password instead." },
  social_already_linked: { code: 165, status: 409, message: 'That account is already connected to someone else.' },
  social_link_refused: { code: 166, status: 403, message: 'Log in with your password to connect this account.' },
  social_last_method: { code: 167, status: 409, message: 'Set a password before you disconnect your only way to log in.' },
  social_email_required: { code: 168, status: 400, message: 'Email is required' },
  social_email_step_failed: { code: 169, status: 400, message: 'Oops! Something went wrong… Click Continue to try again.' },
  password_already_set: { code: 170, status: 409, message: 'Your account already has a password. Change it from your settings.' },
  facebook_unavailable_new_users: { code: 171, status: 403, message: "Facebook login isn't available for new users. Continue with email or Google:" },
  social_mfa_required: { code: 173, status: 403, message: 'This account uses two-factor verification. Log in with your email and password.' },
  sso_not_sso_email: { code: 172, status: 400, message: "That email doesn't sign in through single sign-on." },
  // Email log-in to an account with no password whose way in is a provider.
  google_linked_no_password: { code: 174, status: 401, message: 'Your account is already linked to Google. To log in with email, set a password.' },
  facebook_linked_no_password: { code: 175, status: 401, message: 'Your account is already linked to Facebook. To log in with email, set a password.' },
  facebook_login_retired: { code: 176, status: 403, message: 'Your account is connected to Facebook, but Facebook login is no longer available.' },
  board_not_found: { code: 40, status: 404, message: "Sorry, we couldn't find that board." },
  board_name_taken: { code: 41, status: 409, message: 'You already have a board with that name.' },
  section_not_found: { code: 42, status: 404, message: "Sorry, we couldn't find that section." },
  section_name_taken: { code: 43, status: 409, message: 'You already have a section with that name.' },
  same_destination: { code: 44, status: 400, message: 'Those Pins are already on that board and section.' },
  pin_not_found: { code: 50, status: 404, message: "Sorry, we couldn't find that Pin." },
  already_saved: { code: 51, status: 409, message: 'Psst! You already saved this Pin to this board' },
  // Outbound fetches (lib/safe-fetch.ts): the image finder, image downloads, link checks.
  outbound_refused: { code: 60, status: 400, message: 'That address is not allowed.' },
  outbound_failed: { code: 61, status: 502, message: "We couldn't load that page." },
  outbound_too_large: { code: 62, status: 502, message: 'That page is too large to load.' },
  image_invalid: { code: 63, status: 400, message: 'That file is not an image we can save.' },
  image_too_large: { code: 64, status: 400, message: 'That image is too large to save.' },
  // Moves answered 2171-2173 show 'Please wait until the previous board action finishes.'
  board_busy: { code: 2171, status: 409, message: 'Please wait until the previous board action finishes.' },
  section_busy: { code: 2172, status: 409, message: 'Please wait until the previous board action finishes.' },
  bulk_busy: { code: 2173, status: 409, message: 'Please wait until the previous board action finishes.' },
  // Scale (150-154): a server past its bound on in-flight work answers at once (lib/overload.ts).
  overloaded: { code: 150, status: 503, message: "We're very busy right now. Please try again in a moment." },
  // Media storage (400-409): the bucket (MEDIA_STORE=s3://…) did not answer; the client may try again.
  media_store_unavailable: { code: 400, status: 503, message: "We can't reach our image storage right now. Please try again in a moment." },
  // A full disk or quota under the media store (ENOSPC, EDQUOT): nothing was kept; the client may try again later (Retry-After).
  media_store_full: { code: 401, status: 507, message: 'Our storage is full right now, so your file was not saved. Please try again later.' },
  // The advertiser area. Numbers 180-199 are ours.
  advertiser_not_found: { code: 180, status: 404, message: "Sorry, we couldn't find that advertiser." },
  profile_needs_mfa: { code: 181, status: 403, message: 'Turn on two-factor authentication to act for a business you do not own.' },
  budget_too_low: { code: 182, status: 400, message: 'Your daily budget is below the minimum for your country.' },
  product_group_needs_pin: { code: 183, status: 400, message: 'Choose a Pin to promote with this product group.' },
  business_info_missing: { code: 184, status: 400, message: 'Add your business details first.' },
  card_invalid: { code: 185, status: 400, message: 'Check your card number and expiry date.' },
  campaign_not_found: { code: 186, status: 404, message: "Sorry, we couldn't find that campaign." },
  already_business: { code: 187, status: 409, message: 'This account is already a business account.' },
  conversion_tag_not_found: { code: 188, status: 404, message: "Sorry, we couldn't find that conversion tag." },
  sponsor_not_found: { code: 189, status: 404, message: 'No business has that username.' },
  sponsorship_not_found: { code: 190, status: 404, message: 'This Pin has no paid partnership.' },
  website_missing: { code: 191, status: 400, message: 'Add your business website first.' },
  merchant_claim_missing: { code: 192, status: 400, message: 'Claim your website first: we give you a tag to add to it.' },
  merchant_verify_failed: { code: 193, status: 400, message: "We couldn't find your verification tag on your website." },
  // A person's official domain (their website proved by its tag): codes 2180-2189.
  profile_website_missing: { code: 2180, status: 400, message: 'Add your website to your profile first.' },
  domain_claim_missing: { code: 2181, status: 400, message: 'Claim your website first: we give you a tag to add to it.' },
  domain_verify_failed: { code: 2182, status: 400, message: "We couldn't find your verification tag on your website." },
  domain_claimed: { code: 2183, status: 409, message: "Another account is this website's official account, and its tag is still on the site." },
  // A business's scheduled pins (the pin builder's "Publish later"): codes 2190-2194.
  scheduling_closed: { code: 2190, status: 403, message: 'Scheduling Pins is available to business accounts.' },
  schedule_time_invalid: { code: 2191, status: 400, message: 'Choose a time at least 10 minutes and at most 30 days from now.' },
  schedule_limit: { code: 2192, status: 429, message: "You've scheduled as many Pins as you can. Publish or cancel some first." },
  scheduled_pin_not_found: { code: 2193, status: 404, message: "Sorry, we couldn't find that scheduled Pin." },
  schedule_needs_upload: { code: 2194, status: 400, message: 'Upload the image before scheduling the Pin.' },
  // A business's product tags on a pin (the pin builder's shop-the-pin): codes 2195-2199.
  product_tags_not_allowed: { code: 2195, status: 403, message: 'Only business accounts can tag products on a Pin.' },
  // The pin builder's image editing (rotate and crop an upload before it is published): codes 2200-2204.
  image_edit_closed: { code: 2200, status: 403, message: 'Editing images is available to business accounts.' },
  upload_published: { code: 2201, status: 409, message: 'This image is already a Pin, so it can no longer be edited.' },
  upload_not_ready: { code: 2202, status: 409, message: 'Your image is still being processed. Try again in a moment.' },
  image_edit_too_small: { code: 2203, status: 400, message: 'That crop is too small. Choose a larger area of the image.' },
  image_edit_limited: { code: 2204, status: 429, message: "You've edited a lot of images. Try again in an hour." },
  // The pin builder's carousel (several images on one business Pin): codes 2205-2209.
  carousel_not_allowed: { code: 2205, status: 403, message: 'Only business accounts can make a carousel Pin.' },
  carousel_too_many: { code: 2206, status: 400, message: 'A carousel has 2 to 5 images.' },
  carousel_upload_invalid: { code: 2207, status: 400, message: 'A carousel image must be an image you uploaded. Upload it again.' },
  carousel_upload_used: { code: 2208, status: 409, message: 'A carousel image is already on a Pin. Upload it again to use it here.' },
  carousel_duplicate: { code: 2209, status: 400, message: 'The same image is in the carousel twice.' },
  // A place to come back to (profiles, follows, collaboration, managing): codes 200-219.
  profile_not_found: { code: 200, status: 404, message: "Sorry, we couldn't find that profile." },
  follow_self: { code: 201, status: 400, message: "You can't follow yourself." },
  share_limited: { code: 202, status: 429, message: "You've sent a lot of Pins by email today. Try again tomorrow." },
  report_limited: { code: 2174, status: 429, message: "You've sent a lot of reports today. Try again tomorrow." },
  report_decided: { code: 2175, status: 409, message: 'This has already been decided: there is no open report on it.' },
  appeal_used: { code: 2176, status: 409, message: 'You have already appealed this decision.' },
  decision_not_for_object: { code: 2177, status: 400, message: 'A pin or a board is hidden or removed; an account is warned or suspended.' },
  share_not_public: { code: 203, status: 400, message: 'Only Pins on public boards can be sent by email.' },
  // The security review of the last session's routes: codes 204-209.
  reauth_required: { code: 205, status: 403, message: 'For your security, log in again to change how you log in.' },
  offsite_check_limited: { code: 206, status: 429, message: "You're checking a lot of links. Try again in a little while." },
  share_recipient_limited: { code: 204, status: 429, message: 'This address has been sent a lot of Pins today. Try again tomorrow.' },
  // The pin builder: uploads from a device and the pin-creation gates. Codes 230-239 are ours.
  pin_creation_disabled: { code: 230, status: 403, message: 'Creating Pins is turned off for your account right now.' },
  upload_too_large: { code: 231, status: 413, message: 'That file is too large to upload.' },
  upload_not_media: { code: 232, status: 400, message: 'That file is not an image we can save.' },
  video_not_allowed: { code: 233, status: 403, message: "Video uploads aren't available for your account." },
  upload_not_found: { code: 234, status: 404, message: "Sorry, we couldn't find that upload." },
  upload_empty: { code: 235, status: 400, message: 'The file is empty. Choose another one.' },
  // oEmbed (embeds/oembed.ts): an address not of this server, a format other than JSON. Codes 390-399 are ours.
  oembed_url_unknown: { code: 390, status: 400, message: 'That address is not a {brand} Pin, board or profile.' },
  oembed_format_unsupported: { code: 391, status: 501, message: 'Only format=json is answered.' },
  // The object policy (api/src/policy/). Codes 250-259 are ours.
  promote_pin_not_owned: { code: 250, status: 403, message: 'A business can promote only its own Pins.' },
  // Abuse (outbound fetches, clicks and impressions a visitor can cause): codes 270-279.
  outbound_limited: { code: 270, status: 429, message: "You're asking us to load a lot of pages. Try again in a little while." },
  outbound_site_limited: { code: 271, status: 429, message: "We've loaded a lot from that site just now. Try again in a little while." },
  ad_events_limited: { code: 272, status: 429, message: 'This Pin has been counted enough from your network today.' },
  // Guards by design: request bodies read with a deadline and a per-client cap. Codes 240-249 are ours.
  body_timeout: { code: 240, status: 408, message: 'The request took too long to arrive. Please try again.' },
  bodies_limited: { code: 241, status: 429, message: 'Too many requests from your connection are still arriving. Try again in a moment.' },
  // A verified email is a state (identity): codes 260-269.
  email_unverified: {
    code: 260,
    status: 403,
    message: 'Confirm your email address first. We sent you a link; you can ask for a new one in your account settings.',
  },
  verify_token_invalid: { code: 261, status: 400, message: 'This link has expired or was already used. Ask for a new one in your account settings.' },
  verify_limited: { code: 262, status: 429, message: "We've sent a lot of confirmation emails. Try again in an hour." },
  email_claimed: { code: 263, status: 409, message: 'This email address now belongs to another account.' },
  invite_recipient_limited: { code: 264, status: 429, message: 'This address has been invited a lot today. Try again tomorrow.' },
  // Uploads as jobs, their quota and their sweeper (work "uploads"). Codes 290-299 are ours.
  video_quota_exceeded: { code: 290, status: 403, message: "You've used all the storage for your videos." },
  upload_failed: { code: 291, status: 400, message: "We couldn't process that image. Choose another one." },
  // Image work sized to the machine (the big images). Codes 280-289 are ours.
  image_busy: { code: 280, status: 429, message: "You're sending images faster than we can prepare them. Try again in a moment." },
  // Import and export (transfer/). Codes 380-399 are ours.
  import_unknown_format: {
    code: 380,
    status: 400,
    message: "We can't read that file. Choose a bookmarks file (HTML), a Pinterest export (CSV or JSON) or a ZIP exported from {brand}.",
  },
  import_invalid: { code: 381, status: 400, message: 'That file is damaged or not in the format it says it is.' },
  import_too_large: { code: 382, status: 413, message: 'That file is too large to import.' },
  import_empty: { code: 383, status: 400, message: 'That file has no bookmarks or Pins in it.' },
  import_unsafe_archive: { code: 384, status: 400, message: 'That ZIP file is not one we can open safely.' },
  import_too_many: { code: 385, status: 400, message: 'That file holds more Pins than one import can take.' },
  transfer_busy: { code: 386, status: 409, message: 'Your last import or export is still running. Wait for it to finish.' },
  transfer_not_found: { code: 387, status: 404, message: "Sorry, we couldn't find that import or export." },
  export_not_ready: { code: 388, status: 409, message: 'Your export is not ready yet.' },
  // Profile settings and business members (h27b). Codes 330-349 are ours.
  username_invalid: { code: 330, status: 400, message: 'Usernames are 3 to 30 characters: letters, numbers and underscores.' },
  username_taken: { code: 331, status: 409, message: 'That username is taken. Try another one.' },
  website_invalid: { code: 332, status: 400, message: 'Enter a website address that starts with http:// or https://.' },
  member_not_found: { code: 334, status: 404, message: 'That person is not a member of this business.' },
  member_invite_invalid: { code: 335, status: 404, message: 'This invite has expired or was already used.' },
  member_invite_other_email: { code: 336, status: 403, message: 'This invite was sent to another email address. Log in with that account to accept it.' },
  member_already: { code: 337, status: 409, message: 'That person already acts for this business.' },
  members_owner_only: { code: 338, status: 403, message: "Only the business's owner can manage its members." },
  transfer_needs_member: { code: 339, status: 400, message: 'Ownership can go only to a member of this business.' },
  member_is_owner: { code: 340, status: 400, message: "The owner's role can't be changed or removed. Transfer ownership first." },
  // Security settings run by their user (work h27a): codes 310-329.
  security_attempts_limited: { code: 310, status: 429, message: "You've tried a lot of codes and passwords. Try again in 15 minutes." },
  mfa_already_on: { code: 311, status: 409, message: 'Two-factor authentication is already on. Turn it off first to change how you get codes.' },
  mfa_not_started: { code: 312, status: 400, message: 'Start setting up two-factor authentication again.' },
  mfa_not_on: { code: 313, status: 409, message: 'Two-factor authentication is off.' },
  phone_invalid: { code: 314, status: 400, message: 'Enter a phone number with its country code, for example +1 555 000 1234.' },
  session_not_found: { code: 315, status: 404, message: 'That session has already ended.' },
  email_unchanged: { code: 316, status: 400, message: 'That is already your email address.' },
  proof_required: { code: 317, status: 401, message: 'Enter your current password to continue.' },
  // Board settings and notifications. Codes 360-379 are ours.
  board_archived: { code: 360, status: 403, message: 'This board is archived. Unarchive it first.' },
  cover_pin_invalid: { code: 361, status: 400, message: 'Choose the cover from the Pins on this board that have an image.' },
  // Operations (api/src/ops/): codes 410-419 are ours.
  not_ready: { code: 410, status: 503, message: 'This server is not ready to take requests.' },
  // The database away (lost or refused connections): 503 with Retry-After; its disk full: 507 until an operator frees room.
  database_unavailable: { code: 411, status: 503, message: "We can't reach our database right now. Please try again in a moment." },
  database_full: { code: 412, status: 507, message: "We're out of storage space and can't save changes right now. Please try again later." },
  internal: { code: 0, status: 500, message: 'Sorry! Something went wrong on our end.' },
  // Search and the following feed: codes 350-359 are ours.
  search_query_too_long: { code: 350, status: 400, message: 'Search for 1,000 characters or fewer.' },
  follow_own_board: { code: 351, status: 400, message: "You can't follow your own board." },
  // Personal access tokens and sign-up modes: codes 440-459 are ours.
  token_invalid: { code: 440, status: 401, message: 'This access token is not valid: it was revoked, it expired with a password change, or it was mistyped.' },
  token_read_only: { code: 441, status: 403, message: 'This access token may only read. Make a token with read and write access to change things.' },
  token_not_allowed: { code: 442, status: 403, message: 'An access token cannot do this. Log in on the website instead.' },
  token_not_found: { code: 443, status: 404, message: 'That access token has already been revoked.' },
  signup_closed: { code: 450, status: 403, message: 'Sign-ups are closed on this {brand}. If you already have an account, log in.' },
  signup_invite_required: {
    code: 451,
    status: 403,
    message: 'This {brand} is invitation only. Ask someone here to invite you, then use the link in your invitation.',
  },
  signup_invite_invalid: { code: 452, status: 403, message: 'This invitation has expired, was already used, or is for another email address.' },
  invitations_off: { code: 453, status: 404, message: "This {brand} doesn't take invitations: its sign-ups are open or closed." },
  operator_own_account: {
    code: 471,
    status: 409,
    message: 'An operator cannot do that to their own account here: another operator must, or the command line.',
  },
} as const satisfies Record<string, { code: number; status: ContentfulStatusCode; message: string }>;

export type ErrorName = keyof typeof catalogue;
