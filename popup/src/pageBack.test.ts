import { describe, expect, it } from 'vitest';
import { backTarget, NATIVE_DISMISS } from './pageBack';

const origin = 'https://corkboard.example';
const whence = (over: Partial<Parameters<typeof backTarget>[0]> = {}) => ({
  historyLength: 3,
  pathname: '/pin/create/button/',
  referrer: `${origin}/some/page/`,
  origin,
  search: '',
  ...over,
});

describe('the page-level Back control', () => {
  it('goes back one step when there is somewhere to go back to', () => {
    expect(backTarget(whence())).toBe('back');
    expect(backTarget(whence({ referrer: 'https://publisher.example/recipes/' }))).toBe('back');
  });

  it('goes to the fallback with no history', () => {
    expect(backTarget(whence({ historyLength: 1 }))).toBe('/');
    expect(backTarget(whence({ historyLength: 1, referrer: '' }), '/pin/7/')).toBe('/pin/7/');
  });

  it('goes to the fallback when the page before only passes the user on', () => {
    for (const path of ['/login', '/login/', '/signup', '/business/login/', '/password/reset/'])
      expect(backTarget(whence({ referrer: `${origin}${path}?next=%2F` }))).toBe('/');
    // The same paths on another site are just pages.
    expect(backTarget(whence({ referrer: 'https://elsewhere.example/login' }))).toBe('back');
  });

  it('after a password-reset link with the native-dismiss flag, goes to the log-in that closes the web view', () => {
    const fromReset = whence({ referrer: `${origin}/password/reset/?token=abc`, search: `?${NATIVE_DISMISS}=1` });
    expect(backTarget(fromReset)).toBe('/login/?dismissWebview=true');
    expect(backTarget({ ...fromReset, search: '' })).toBe('/');
    expect(backTarget({ ...fromReset, referrer: `${origin}/pin/7/` })).toBe('back');
    // On the reset page itself, opened from the mail with the flag.
    expect(backTarget(whence({ pathname: '/password/reset/', referrer: '', historyLength: 1, search: `?token=abc&${NATIVE_DISMISS}=1` }))).toBe(
      '/login/?dismissWebview=true',
    );
  });
});
