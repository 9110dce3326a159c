// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { CreatorCard } from './CreatorCard';
import { applyLocale } from '../i18n';

afterEach(cleanup);

const base = { followerCount: 12_345, fullName: 'N'.repeat(80), isVerifiedIdentity: false, profileUrl: '/kitchen/' };

describe('the creator card', () => {
  it('cuts the name at 70, shows the short count to a signed-in viewer and the paid partnership label', () => {
    render(<CreatorCard creator={{ ...base, sponsorshipStatus: 2, sponsorName: 'Acme' }} viewerIsAuth />);
    expect(screen.getByRole('link').textContent).toBe(`${'N'.repeat(69)}…`);
    expect(screen.getByText('12.3K followers')).toBeTruthy();
    expect(screen.getByText('paid partnership')).toBeTruthy();
  });
  // Issue 28's audit: "1 followers" (and French "1 abonnés"): the language's plural rules pick the form.
  it('counts one follower in the singular, in English and in French', async () => {
    render(<CreatorCard creator={{ ...base, followerCount: 1 }} viewerIsAuth />);
    expect(screen.getByText('1 follower')).toBeTruthy();
    cleanup();
    await applyLocale('fr');
    try {
      render(<CreatorCard creator={{ ...base, followerCount: 1 }} viewerIsAuth />);
      expect(screen.getByText('1 abonné')).toBeTruthy();
      cleanup();
      render(<CreatorCard creator={{ ...base, followerCount: 2 }} viewerIsAuth />);
      expect(screen.getByText('2 abonnés')).toBeTruthy();
    } finally {
      await applyLocale('en');
    }
  });

  it('keeps the creator’s name and the sponsorship label apart', () => {
    render(<CreatorCard creator={{ ...base, fullName: 'Ada Lovelace', sponsorshipStatus: 2, sponsorName: 'Acme' }} viewerIsAuth={false} />);
    expect(screen.getByRole('complementary').textContent).toContain('Ada Lovelace paid partnership');
  });
  it('hides the count of an unverified creator from a visitor', () => {
    render(<CreatorCard creator={base} viewerIsAuth={false} />);
    expect(screen.queryByText(/followers/)).toBeNull();
  });
});
