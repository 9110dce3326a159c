/** Business access profiles. */
export interface AccessProfile {
  id: string;
  permissions: string[];
  user: { username: string; businessName: string; imgUrl: string | null; merchantId: string | null; scheduledPinCount: number; eligibleForStlTool: boolean };
  viewerMeetsMfaRequirement: boolean;
}

export const OWNER = 'OWNER';

/** The active profile defaults to the user's own id with OWNER. */
export function defaultActiveProfile(userId: string): { id: string; permissions: string[] } {
  return { id: userId, permissions: [OWNER] };
}

/** The profile changer header: only for an authenticated partner who has profiles. */
export function showProfileChanger(viewer: { isAuth: boolean; isPartner: boolean }, profiles: readonly unknown[]): boolean {
  return viewer.isAuth && viewer.isPartner && profiles.length > 0;
}

/** The acting profile is usable only if the viewer meets the MFA requirement or holds OWNER. */
export function canActAs(permissions: readonly string[], viewerMeetsMfa: boolean): boolean {
  return viewerMeetsMfa || permissions.includes(OWNER);
}

export function isOwnerOfActive(activeProfileId: string, userId: string): boolean {
  return activeProfileId === userId;
}
