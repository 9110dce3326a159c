import type { LoginData } from '../types';

/**
 * Accounts used on this browser, for switching (a map of stored accounts and a
 * group id in browser storage). Public profile data only, never a secret or a token.
 */
export interface StoredAccount {
  id: string;
  username: string;
  email: string;
  fullName: string;
  imageMediumUrl: string | null;
  imageLargeUrl: string | null;
}

const ACCOUNTS_KEY = 'cb_accounts';
const GROUP_KEY = 'cb_account_group';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function storedAccounts(): Record<string, StoredAccount> {
  try {
    const parsed = JSON.parse(storage()?.getItem(ACCOUNTS_KEY) ?? '{}') as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, StoredAccount>) : {};
  } catch {
    return {};
  }
}

export const accountCount = () => Object.keys(storedAccounts()).length;

/** The group the stored accounts belong to: made once per browser. */
export function accountGroupId(): string | null {
  const store = storage();
  if (!store) return null;
  let id = store.getItem(GROUP_KEY);
  if (!id) {
    id = crypto.randomUUID();
    store.setItem(GROUP_KEY, id);
  }
  return id;
}

/** After every log-in: this account joins the map. */
export function rememberAccount(user: LoginData['user']): void {
  const store = storage();
  if (!store) return;
  const accounts = storedAccounts();
  accounts[user.id] = {
    id: user.id,
    username: user.username,
    email: user.email,
    fullName: user.full_name,
    imageMediumUrl: user.image_medium_url,
    imageLargeUrl: user.image_medium_url,
  };
  store.setItem(ACCOUNTS_KEY, JSON.stringify(accounts));
  accountGroupId();
}
