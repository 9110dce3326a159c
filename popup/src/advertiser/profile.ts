import { defaultActiveProfile } from '../../../api/src/advertisers/rules/profiles';

/** The active profile and its visibility persist in local storage. */
const ACTIVE_KEY = 'business_access_active_profile';
const VISIBLE_KEY = 'business_access_profile_visible';

export function activeProfile(userId: string): { id: string; permissions: string[] } {
  try {
    const stored = JSON.parse(localStorage.getItem(ACTIVE_KEY) ?? 'null') as { id?: unknown; permissions?: unknown } | null;
    if (stored && typeof stored.id === 'string' && Array.isArray(stored.permissions))
      return { id: stored.id, permissions: stored.permissions.filter((p): p is string => typeof p === 'string') };
  } catch {
    /* a broken value is the default */
  }
  return defaultActiveProfile(userId);
}

export function setActiveProfile(profile: { id: string; permissions: string[] }): void {
  localStorage.setItem(ACTIVE_KEY, JSON.stringify({ id: profile.id, permissions: profile.permissions }));
}

export const profileVisible = () => localStorage.getItem(VISIBLE_KEY) !== 'false';
export const setProfileVisible = (visible: boolean) => localStorage.setItem(VISIBLE_KEY, String(visible));
