import { describe, expect, it } from 'vitest';
import { COUNTRIES, CONSENT_COUNTRIES, countryRules, DEFAULT_COUNTRY } from './countries.js';
import { formatMoney, toMicro } from './money.js';
import { cutCampaignName, cutCreatorName, splitFullName } from './text.js';
import { afterFirstStep, campaignStep, closeHistorySteps, firstStep, nextStep, stepsFor } from './steps.js';
import { adGroupLink, advertiserLink, billingLink, matchAdvertiserRoute, objectiveLink, OBJECTIVES, ADVERTISER_ROUTES } from './routes.js';
import { hostAndParents, isDownload, isLookalikeLabel, offsiteAction, suspiciousReason, worstStatus } from './offsite.js';
import { shortCount, showAffiliateLabel, showFollowerCount, sponsorshipLabel, sponsorshipStatus } from './creator.js';
import { canActAs, defaultActiveProfile, isOwnerOfActive, showProfileChanger } from './profiles.js';
import { noticeSegments, styleFor } from './notices.js';
import { campaignsCsv } from './report.js';
import { buildPayload, errorArea, firstFormError, labelOf, type QuickPromoteValues } from './promote.js';

describe('country table', () => {
  // country: [minimum, suggested, currency, duration]
  const rows: Record<string, [number, number, string, number]> = {
    US: [3, 7, 'USD', 10],
    GB: [1, 5, 'GBP', 10],
    AU: [1, 10, 'AUD', 10],
    NZ: [1, 10, 'NZD', 10],
    CA: [1, 9, 'CAD', 10],
    CZ: [80, 150, 'USD', 10],
    SE: [10, 70, 'SEK', 30],
    NO: [10, 70, 'NOK', 30],
    DK: [10, 50, 'DKK', 30],
    CH: [1, 7, 'CHF', 10],
    AT: [1, 7, 'EUR', 10],
    BE: [1, 7, 'EUR', 10],
    DE: [1, 7, 'EUR', 10],
    ES: [1, 7, 'EUR', 10],
    FI: [1, 7, 'EUR', 10],
    FR: [1, 7, 'EUR', 10],
    IE: [1, 7, 'EUR', 10],
    IT: [1, 7, 'EUR', 10],
    NL: [1, 7, 'EUR', 10],
    PT: [1, 7, 'EUR', 10],
    MX: [1, 7, 'USD', 10],
    BR: [1, 7, 'USD', 10],
    JP: [1, 7, 'USD', 10],
    PL: [1, 7, 'USD', 10],
  };
  it('covers every country the picker offers', () => expect(Object.keys(rows).sort()).toEqual(Object.keys(COUNTRIES).sort()));
  for (const [country, [minimumDailyBudget, suggestedBudget, currency, defaultDuration]] of Object.entries(rows)) {
    it(`${country}: min ${minimumDailyBudget}, suggested ${suggestedBudget}, ${currency}, ${defaultDuration} days`, () =>
      expect(countryRules(country)).toEqual({ country, minimumDailyBudget, suggestedBudget, currency, defaultDuration }));
  }
  it('defaults to US, and any other country takes the others row', () => {
    expect(DEFAULT_COUNTRY).toBe('US');
    expect(countryRules()).toEqual(countryRules('US'));
    expect(countryRules('ZA')).toEqual({ country: 'ZA', minimumDailyBudget: 1, suggestedBudget: 7, currency: 'USD', defaultDuration: 10 });
  });
  it('has the consent step where the consent law applies', () => {
    expect(CONSENT_COUNTRIES.has('DE')).toBe(true);
    expect(CONSENT_COUNTRIES.has('US')).toBe(false);
  });
});

describe('micro currency', () => {
  it('multiplies by a million and rounds', () => {
    expect(toMicro(7)).toBe(7_000_000);
    expect(toMicro(12.34)).toBe(12_340_000);
    expect(toMicro(0.1 + 0.2)).toBe(300_000);
    expect(toMicro(1.0000005)).toBe(1_000_001);
    expect(toMicro(1.0000004)).toBe(1_000_000);
  });
  it('shows amounts in the country currency', () => {
    expect(formatMoney(7, 'USD')).toBe('$7.00');
    expect(formatMoney(70, 'SEK', 'en-US').replace(/\s/g, ' ')).toBe('SEK 70.00');
    expect(formatMoney(5, 'EUR', 'de-DE').replace(/\s/g, ' ')).toBe('5,00 €');
  });
});

describe('name cutting', () => {
  it('cuts a campaign name over 63 to 62 and an ellipsis', () => {
    expect(cutCampaignName('a'.repeat(63))).toBe('a'.repeat(63));
    expect(cutCampaignName('a'.repeat(64))).toBe(`${'a'.repeat(62)}…`);
    expect(Array.from(cutCampaignName('😀'.repeat(70))).length).toBe(63);
  });
  it('cuts a creator name at 70', () => {
    expect(cutCreatorName('b'.repeat(70))).toBe('b'.repeat(70));
    expect(cutCreatorName('b'.repeat(71))).toBe(`${'b'.repeat(69)}…`);
  });
  it('splits a full name: first word, the rest', () => expect(splitFullName(' Ada  King Lovelace ')).toEqual({ firstName: 'Ada', lastName: 'King Lovelace' }));
});

describe('the step machine', () => {
  const base = { hasBusinessInfo: false, hasBilling: false, onQuickPromotePage: false };
  it('a modal-area error goes to the error modal', () => expect(afterFirstStep('pin_selection', { ...base, errorArea: 'modal' })).toBe('error'));
  it('any other error area stays', () => expect(afterFirstStep('pin_selection', { ...base, errorArea: 'pin' })).toBe('pin_selection'));
  it('business and billing: success', () => expect(afterFirstStep('pin_selection', { ...base, hasBusinessInfo: true, hasBilling: true })).toBe('success'));
  it('business only: the billing form', () => expect(afterFirstStep('pin_selection', { ...base, hasBusinessInfo: true })).toBe('billing_form'));
  it('billing without business: the business form', () => expect(afterFirstStep('pin_selection', { ...base, hasBilling: true })).toBe('business_form'));
  it('neither: the business form', () => expect(afterFirstStep('pin_selection', base)).toBe('business_form'));
  it('neither, already on the quick promote page: stays', () => expect(afterFirstStep('page', { ...base, onQuickPromotePage: true })).toBe('page'));
  it('other steps advance by one and the flow ends past the last', () => {
    const short = stepsFor('short', 'US');
    expect(short).toEqual(['pin_selection', 'business_form', 'billing_form', 'success', 'error']);
    expect(nextStep(short, 'business_form')).toBe('billing_form');
    expect(nextStep(short, 'billing_form')).toBe('success');
    expect(nextStep(short, 'error')).toBeNull();
    expect(() => nextStep(short, 'tag')).toThrow(/Unknown/);
  });
  it('the full reading has consent only where it applies, and a tag step', () => {
    expect(stepsFor('full', 'DE')[0]).toBe('consent');
    expect(stepsFor('full', 'US')).toEqual(['pin_selection', 'page', 'business_form', 'billing_form', 'success', 'error', 'tag']);
    expect(firstStep(stepsFor('full', 'DE'))).toBe('pin_selection');
    expect(nextStep(stepsFor('full', 'US'), 'error')).toBe('tag');
    expect(nextStep(stepsFor('full', 'US'), 'tag')).toBeNull();
  });
  it('closing steps back 3 after a pin builder page, else 1', () => {
    expect(closeHistorySteps(true)).toBe(3);
    expect(closeHistorySteps(false)).toBe(1);
  });
});

describe('the route table and link builder', () => {
  it('builds links under /advertiser/{id}', () => {
    expect(advertiserLink('42', 'campaigns')).toBe('/advertiser/42/reporting/campaigns/');
    expect(advertiserLink('42', 'home')).toBe('/advertiser/42/');
    expect(advertiserLink('42', 'campaignInsights', { campaignId: '7', start_date: '2026-01-01' })).toBe(
      '/advertiser/42/campaign-insights/7/?start_date=2026-01-01',
    );
  });
  it('throws on an unknown key, and on a missing path parameter', () => {
    expect(() => advertiserLink('42', 'nope')).toThrow('Unknown advertiser route nope.');
    expect(() => advertiserLink('42', 'toString')).toThrow(/Unknown/);
    expect(() => advertiserLink('42', 'campaignInsights')).toThrow(/needs campaignId/);
  });
  it('objective shortcuts open the campaign report filtered', () => {
    expect(objectiveLink('42', 'traffic')).toBe('/advertiser/42/reporting/campaigns/?objective_type=CONSIDERATION');
    expect(Object.keys(OBJECTIVES)).toHaveLength(10);
    expect(() => objectiveLink('42', 'fame')).toThrow(/Unknown objective/);
  });
  it('ad-group links: shopping and catalog sales to the product group report, others to the ad group report', () => {
    expect(adGroupLink('42', '9', 'SHOPPING')).toBe('/advertiser/42/reporting/productgroups/?adGroupIds=9');
    expect(adGroupLink('42', '9', 'CATALOG_SALES')).toBe('/advertiser/42/reporting/productgroups/?adGroupIds=9');
    expect(adGroupLink('42', '9', 'CONSIDERATION')).toBe('/advertiser/42/reporting/adgroups/?adGroupIds=9&showAllEntities=true');
  });
  it('the billing link shape', () =>
    expect(billingLink('42', '7')).toBe('/advertiser/42/billing/?campaign_id=7&objective_type=CLICKTHROUGH&is_quick_promote=true'));
  it('every route resolves back to its key', () => {
    for (const [key, def] of Object.entries(ADVERTISER_ROUTES)) {
      const path = def.path.replace('{section}', key === 'conversions' ? 'tag' : 'builder').replace(/\{\w+\}/g, '5');
      expect(matchAdvertiserRoute(`/advertiser/42${path}`)?.key, key).toBe(key);
    }
    expect(matchAdvertiserRoute('/advertiser/42/conversions/nope/')).toBeNull();
    expect(matchAdvertiserRoute('/advertiser/42/reporting/campaigns')?.key).toBe('campaigns');
    expect(matchAdvertiserRoute('/advertiser/x/')).toBeNull();
  });
});

describe('offsite statuses', () => {
  it('blocked and porn stop, suspicious warns, anything else opens', () => {
    expect(offsiteAction('blocked')).toBe('stop');
    expect(offsiteAction('porn')).toBe('stop');
    expect(offsiteAction('suspicious')).toBe('warn');
    expect(offsiteAction('ok')).toBe('open');
    expect(offsiteAction(undefined)).toBe('open');
  });
  it('matches a host under a listed domain and picks the worst', () => {
    expect(hostAndParents('a.b.example.com')).toEqual(['a.b.example.com', 'b.example.com', 'example.com']);
    expect(worstStatus(['suspicious', 'blocked'])).toBe('blocked');
    expect(worstStatus(['suspicious', 'porn'])).toBe('porn');
    expect(worstStatus([])).toBe('ok');
  });
});

describe('creator card labels', () => {
  it('labels by sponsorship status', () => {
    expect(sponsorshipLabel(0, 'Acme')).toBe('Paid partnership with Acme');
    expect(sponsorshipLabel(2, 'Acme')).toBe('paid partnership');
    expect(sponsorshipLabel(3, 'Acme')).toBeNull();
    expect(sponsorshipLabel(1, 'Acme')).toBeNull();
  });
  it('the affiliate label only for experiment groups or employees', () => {
    expect(showAffiliateLabel(false, false)).toBe(false);
    expect(showAffiliateLabel(true, false)).toBe(true);
    expect(showAffiliateLabel(false, true)).toBe(true);
  });
  it('short follower counts with one fraction digit', () => {
    expect(shortCount(999)).toBe('999');
    expect(shortCount(1234)).toBe('1.2K');
    expect(shortCount(1_250_000)).toBe('1.3M');
  });
  it('hides the count for an unverified creator from a visitor', () => {
    expect(showFollowerCount(false, false)).toBe(false);
    expect(showFollowerCount(false, true)).toBe(true);
    expect(showFollowerCount(true, false)).toBe(true);
  });
});

describe('access profiles', () => {
  it('defaults to the own id with OWNER', () => expect(defaultActiveProfile('1')).toEqual({ id: '1', permissions: ['OWNER'] }));
  it('shows the changer only to an authenticated partner with profiles', () => {
    expect(showProfileChanger({ isAuth: true, isPartner: true }, [1])).toBe(true);
    expect(showProfileChanger({ isAuth: true, isPartner: false }, [1])).toBe(false);
    expect(showProfileChanger({ isAuth: false, isPartner: true }, [1])).toBe(false);
    expect(showProfileChanger({ isAuth: true, isPartner: true }, [])).toBe(false);
  });
  it('OWNER or MFA', () => {
    expect(canActAs(['OWNER'], false)).toBe(true);
    expect(canActAs(['ADMIN'], true)).toBe(true);
    expect(canActAs(['ADMIN'], false)).toBe(false);
    expect(isOwnerOfActive('1', '1')).toBe(true);
    expect(isOwnerOfActive('2', '1')).toBe(false);
  });
});

describe('notices', () => {
  it('splits a description into plain and linked runs', () => {
    expect(
      noticeSegments('Read our guidelines here.', [
        { tagType: 5, offset: 9, length: 10, link: '/guidelines/' },
        { tagType: 1, offset: 0, length: 4 },
      ]),
    ).toEqual([{ text: 'Read our ' }, { text: 'guidelines', link: '/guidelines/' }, { text: ' here.' }]);
    expect(noticeSegments('abc', [{ tagType: 5, offset: 2, length: 5, link: '/x' }])).toEqual([{ text: 'abc' }]);
  });
  it('styles by severity', () => expect([styleFor(0), styleFor(1), styleFor(2)]).toEqual(['error', 'warning', 'info']));
});

describe('the quick promote payload', () => {
  const values: QuickPromoteValues = {
    name: 'x'.repeat(80),
    destination_url: 'https://shop.example/a',
    budget: '12.5',
    duration: '14.9',
    inclusive_end_date: ' 2026-12-31 ',
    is_ongoing: false,
    advertiser_id: '42',
    ages: [],
    interests: [],
    genders: [],
    ad_type: 'CONSIDERATION',
    selected_ocpm_tag: null,
    isAutoTargeting: true,
  };
  it('cuts the name, sends micro currency, a whole duration and the trimmed end date', () => {
    const p = buildPayload(values, '7');
    expect(p.campaign_name).toBe(`${'x'.repeat(62)}…`);
    expect(p.budget_in_micro_currency).toBe(12_500_000);
    expect(p.duration).toBe(14);
    expect(p.inclusive_end_date).toBe('2026-12-31');
    expect(p.targeting_spec.GENDER).toEqual(['female', 'male', 'unknown']);
    expect(p.ads_client_type).toBe('quick_promote');
    expect(p.objective_type).toBeUndefined();
  });
  it('no end date when ongoing or blank', () => {
    expect(buildPayload({ ...values, is_ongoing: true }, '7').inclusive_end_date).toBeUndefined();
    expect(buildPayload({ ...values, inclusive_end_date: '  ' }, '7').inclusive_end_date).toBeUndefined();
  });
  it('web conversion adds the objective and the tag metadata', () => {
    const p = buildPayload({ ...values, ad_type: 'WEB_CONVERSION', selected_ocpm_tag: { conversionTagId: 't1', conversionEvent: 'CHECKOUT' } }, '7');
    expect(p.objective_type).toBe('WEB_CONVERSION');
    expect(p.optimization_goal_metadata).toEqual({ conversion_tag_v3_goal_metadata: { conversion_tag_id: 't1', conversion_event: 'CHECKOUT' } });
  });
  it('refuses a product group without a pin', () => expect(() => buildPayload(values, null, 'pg1')).toThrow(/needs a pin/));
  it('error areas: 401 with a message is the pin area, else the modal', () => {
    expect(errorArea(401, 'Log in')).toBe('pin');
    expect(errorArea(400, 'Bad')).toBe('modal');
    expect(errorArea(401, undefined)).toBe('modal');
  });
});

describe('the full reading’s steps, the form’s checks, sponsorship states', () => {
  it('creates the campaign on the page in the full reading, on pin selection in the short one; the page stays without business info', () => {
    const full = stepsFor('full', 'US');
    expect(firstStep(full)).toBe('pin_selection');
    expect(campaignStep(full)).toBe('page');
    expect(nextStep(full, 'pin_selection')).toBe('page');
    expect(afterFirstStep('page', { hasBusinessInfo: false, hasBilling: false, onQuickPromotePage: true })).toBe('page');
    expect(nextStep(full, 'page')).toBe('business_form');
    expect(campaignStep(stepsFor('short', 'GB'))).toBe('pin_selection');
    expect(nextStep(full, 'tag')).toBeNull();
  });

  it('runs the form’s validators in order and answers the first error', () => {
    const ok: QuickPromoteValues = {
      name: 'A',
      destination_url: 'https://x.example/',
      budget: '5',
      duration: '10',
      inclusive_end_date: '',
      is_ongoing: false,
      advertiser_id: '1',
      ages: [],
      interests: [],
      genders: ['male'],
      ad_type: 'CONSIDERATION',
      selected_ocpm_tag: null,
      isAutoTargeting: true,
    };
    expect(firstFormError(ok)).toBeNull();
    expect(firstFormError({ ...ok, name: ' ', budget: '1' })).toBe('Give the campaign a name.');
    expect(firstFormError({ ...ok, destination_url: 'ftp://x' })).toBe('Enter a destination URL that starts with http:// or https://.');
    expect(firstFormError({ ...ok, budget: '2.99' })).toBe('The minimum daily budget in US is 3 USD.');
    expect(firstFormError({ ...ok, budget: '9' }, 'CZ')).toBe('The minimum daily budget in CZ is 80 USD.');
    expect(firstFormError({ ...ok, duration: '2.5' })).toBe('The duration is a whole number of days.');
    expect(firstFormError({ ...ok, genders: [] })).toBe('Choose at least one gender.');
    expect(firstFormError({ ...ok, ad_type: 'WEB_CONVERSION' })).toBe('Choose a conversion tag and event for a web-conversion ad.');
    expect(firstFormError({ ...ok, ad_type: 'WEB_CONVERSION', selected_ocpm_tag: { conversionTagId: '1', conversionEvent: 'SIGNUP' } })).toBeNull();
    expect(labelOf('diy_and_crafts')).toBe('Diy and crafts');
  });

  it('maps a paid partnership’s state to the creator card’s status, and the label', () => {
    expect(sponsorshipStatus('approved')).toBe(0);
    expect(sponsorshipStatus('requested')).toBe(2);
    expect(sponsorshipStatus('rejected')).toBe(2);
    expect(sponsorshipStatus('removed')).toBe(3);
    expect(sponsorshipLabel(sponsorshipStatus('removed'), 'Acme')).toBeNull();
  });
});

describe('the campaign report as CSV', () => {
  const row = {
    name: 'Lamps, "warm"',
    status: 'ACTIVE',
    objective_type: 'CONSIDERATION',
    currency: 'USD',
    daily_budget: 12,
    start_date: '2026-01-01',
    end_date: null,
    impressions: 10,
    clicks: 2,
    spend: 0.24,
  };
  it('quotes what needs quoting, defuses formulas, and writes ongoing for no end date', () => {
    expect(campaignsCsv([row, { ...row, name: '=SUM(A1)', end_date: '2026-02-01' }])).toBe(
      'Campaign,Status,Objective,Currency,Daily budget,Start,End,Impressions,Clicks,Spend\r\n' +
        '"Lamps, ""warm""",ACTIVE,CONSIDERATION,USD,12.00,2026-01-01,ongoing,10,2,0.24\r\n' +
        "'=SUM(A1),ACTIVE,CONSIDERATION,USD,12.00,2026-01-01,2026-02-01,10,2,0.24\r\n",
    );
  });
  it('neutralises every cell a spreadsheet would read as a formula (OWASP: = + - @, tab, carriage return)', () => {
    const cells = (name: string) => campaignsCsv([{ ...row, name }]).split('\r\n')[1]!;
    for (const name of ['+1+cmd', '-2+3', '@SUM(A1)', '\t=1+1', '\r=1+1']) expect(cells(name)).toMatch(/^"?'/);
    expect(cells('Lamps - warm')).toMatch(/^Lamps - warm,/);
  });
});

describe('the offsite check’s suspicious shapes', () => {
  it('marks links made to mislead, and leaves ordinary ones, international names included', () => {
    expect(suspiciousReason(new URL('https://shop.example/tart'))).toBeNull();
    expect(suspiciousReason(new URL('https://shop.example:443/'))).toBeNull();
    expect(suspiciousReason(new URL('https://user:pw@shop.example/'))).toBe('credentials');
    expect(suspiciousReason(new URL('http://[2001:db8::1]/'))).toBe('numeric_host');
    expect(suspiciousReason(new URL('http://shop.example:8080/'))).toBe('port');
    // Latin mixed with a Cyrillic look-alike, or a Latin word spelled in look-alikes; real Cyrillic and accented names pass.
    expect(isLookalikeLabel('p\u0430ypal')).toBe(true);
    expect(isLookalikeLabel('\u0430\u0440\u0440\u04cf\u0435')).toBe(true);
    expect(isLookalikeLabel('пример')).toBe(false);
    expect(isLookalikeLabel('рф')).toBe(false);
    expect(isLookalikeLabel('münchen')).toBe(false);
    expect(isLookalikeLabel('例え')).toBe(false);
    expect(isDownload({ 'content-disposition': 'attachment; filename="a.exe"' })).toBe(true);
    expect(isDownload({ 'content-disposition': 'inline' })).toBe(false);
  });
});
