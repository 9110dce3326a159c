/**
 * Business members' roles, shared by the API and the members page. A role is the
 * permission list stored on the membership (advertiser_members.permissions): ADMIN acts for the
 * business once two-factor is passed; OWNER marks ownership: acts without
 * two-factor, and manages members beside the owner.
 */
export const MEMBER_ROLES = ['ADMIN', 'OWNER'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** How long an invite's link works. */
export const MEMBER_INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Where an invite's link lands (the page asks to log in first, then accepts). */
export const MEMBER_INVITE_PATH = '/advertiser/invite/';

/** The role a stored permission list reads as: OWNER wins, anything else is ADMIN. */
export const roleOf = (permissions: readonly string[]): MemberRole => (permissions.includes('OWNER') ? 'OWNER' : 'ADMIN');
