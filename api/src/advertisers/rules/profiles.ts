import { OWNER } from '../../policy/rules.js';

// Ownership of a profile is the object policy's rule: it lives there, and this module names it for the business area.
export { canActAs, OWNER } from '../../policy/rules.js';

/** Business access profiles. */
export interface AccessProfile {
  id: string;
  permissions: string[];
  user: { username: string; businessName: string; imgUrl: string | null; merchantId: string | null; scheduledPinCount: number; eligibleForStlTool: boolean };
  viewerMeetsMfaRequirement: boolean;
}

/** The active profile defaults to the user's own id with OWNER. */
export function defaultActiveProfile(userId: string): { id: string; permissions: string[] } {
  return { id: userId, permissions: [OWNER] };
}

/** The profile changer header: only for an authenticated partner who has profiles. */
export function showProfileChanger(viewer: { isAuth: boolean; isPartner: boolean }, profiles: readonly unknown[]): boolean {
  return viewer.isAuth && viewer.isPartner && profiles.length > 0;
}

export function isOwnerOfActive(activeProfileId: string, userId: string): boolean {
  return activeProfileId === userId;
}
