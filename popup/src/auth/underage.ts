/**
 * The underage marker, kept in the browser. While it is set the birthday
 * field is disabled and email sign-up shows the ineligible message. The spec does not show an
 * expiry; ours never expires (docs/decisions.md).
 */
const KEY = 'cb_underage';

export function hasUnderageMarker(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export function setUnderageMarker(): void {
  try {
    localStorage.setItem(KEY, '1');
  } catch {
    // Storage refused (private mode): the server still refuses the sign-up.
  }
}
