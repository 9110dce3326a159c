// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLocale } from '../i18n';
import { countryRules } from '../../../api/src/advertisers/rules/countries';
import { sponsorshipLabel } from '../../../api/src/advertisers/rules/creator';
import { CONVERSION_EVENTS, firstFormError, GOALS, INTERESTS, labelOf, type QuickPromoteValues } from '../../../api/src/advertisers/rules/promote';
import { SUSPICIOUS_REASONS } from '../../../api/src/advertisers/rules/offsite';
import { CreatorCard } from './CreatorCard';
import { english } from './messages';
import { formCheck, sponsorshipWords, wordFor } from './words';

afterEach(async () => {
  cleanup();
  await applyLocale('en');
});

const valid: QuickPromoteValues = {
  name: 'Lamps',
  destination_url: 'https://lamps.example/',
  budget: '10',
  duration: '7',
  inclusive_end_date: '',
  is_ongoing: false,
  advertiser_id: '1',
  ages: [],
  interests: [],
  genders: ['female'],
  ad_type: 'CONSIDERATION',
  selected_ocpm_tag: null,
  isAutoTargeting: true,
};
/** One input per check of firstFormError, in its order. */
const failing: Array<Partial<QuickPromoteValues>> = [
  { name: ' ' },
  { destination_url: 'lamps.example' },
  { budget: '0.5' },
  { duration: '1.5' },
  { genders: [] },
  { ad_type: 'WEB_CONVERSION' },
];

describe('the advertiser area’s words beside the rules that own their values', () => {
  it('has English for every goal, interest and conversion event as the rule labels it', () => {
    for (const goal of GOALS) expect(wordFor('goal', goal)).toBe(labelOf(goal));
    for (const interest of INTERESTS) expect(wordFor('interest', interest)).toBe(labelOf(interest));
    for (const event of CONVERSION_EVENTS) expect(wordFor('event', event)).toBe(labelOf(event));
    expect(wordFor('status', 'SOMETHING_NEW')).toBe('SOMETHING_NEW');
  });

  it('says why a link is suspicious for every reason the offsite rule gives', () => {
    for (const reason of SUSPICIOUS_REASONS) expect(english[`reason_${reason}`], reason).toBeTruthy();
  });

  it('finds each of the form’s checks word for word, and says it in French', async () => {
    for (const country of ['US', 'CZ', 'FR']) {
      const rules = countryRules(country);
      const figures = { country: rules.country, minimum: rules.minimumDailyBudget, currency: rules.currency };
      const errors = failing.map((change) => firstFormError({ ...valid, ...change }, country)!);
      expect(errors.map((e) => formCheck(e, figures))).toEqual(errors);
      await applyLocale('fr');
      const french = errors.map((e) => formCheck(e, figures));
      expect(french.filter((text, i) => text === errors[i])).toEqual([]);
      expect(french[2]).toContain(rules.currency);
      await applyLocale('en');
    }
    expect(Object.keys(english).filter((k) => k.startsWith('check_'))).toHaveLength(failing.length);
  });

  it('labels a paid partnership as the rule does, in English and in French', async () => {
    for (const [status, name] of [
      [0, 'Acme'],
      [0, null],
      [2, 'Acme'],
      [3, 'Acme'],
      [null, null],
    ] as const)
      expect(sponsorshipWords(status, name)).toBe(sponsorshipLabel(status, name));
    await applyLocale('fr');
    expect(sponsorshipWords(0, 'Acme')).toBe('Partenariat rémunéré avec Acme');
    expect(sponsorshipWords(3, 'Acme')).toBeNull();
  });

  it('shows the creator card in French with the area’s words', async () => {
    await applyLocale('fr');
    render(
      <CreatorCard
        creator={{
          followerCount: 12_345,
          fullName: 'Nina',
          isVerifiedIdentity: true,
          officialDomain: 'nina.example',
          isVerifiedMerchant: true,
          sponsorshipStatus: 2,
          profileUrl: '/nina/',
        }}
        viewerIsAuth
        words={{ verifiedMerchant: 'Marchand vérifié', officialAccount: 'Compte officiel de {{domain}}', sponsorship: sponsorshipWords }}
      />,
    );
    expect(screen.getByText('· Compte officiel de nina.example', { exact: false })).toBeTruthy();
    expect(screen.getByRole('complementary', { name: 'Créateur' })).toBeTruthy();
    expect(screen.getByText(/12,3\s?k abonnés/)).toBeTruthy();
    expect(screen.getByText('· Marchand vérifié', { exact: false })).toBeTruthy();
    expect(screen.getByText('partenariat rémunéré')).toBeTruthy();
  });
});
