import { describe, expect, it } from 'vitest';
import { isMobileDevice } from './useMobile';

describe('a phone, told by its browser', () => {
  it.each([
    ['Mozilla/5.0 (Linux; Android 11; Pixel 5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36', true],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1', true],
    ['Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36', false],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36', false],
  ])('%s → %s', (userAgent, mobile) => {
    expect(isMobileDevice({ userAgent })).toBe(mobile);
  });
  it('believes the client hint', () => {
    expect(isMobileDevice({ userAgent: 'Desktop', userAgentData: { mobile: true } })).toBe(true);
  });
});
