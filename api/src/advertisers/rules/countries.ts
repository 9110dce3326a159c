/**
 * The budgets by country, as one table: per country the minimum and suggested daily budget, the
 * currency and the default campaign duration (days). A country not listed takes the `others` row
 * in USD; the default country is US. Pure: the API and the popup import the same module.
 */
export const DEFAULT_COUNTRY = 'US';

export interface CountryRules {
  country: string;
  currency: string;
  minimumDailyBudget: number;
  suggestedBudget: number;
  defaultDuration: number;
}

const EUR_COUNTRIES = ['AT', 'BE', 'DE', 'ES', 'FI', 'FR', 'IE', 'IT', 'NL', 'PT'] as const;
const OWN_CURRENCY: Record<string, string> = { AU: 'AUD', CA: 'CAD', CH: 'CHF', DK: 'DKK', GB: 'GBP', NO: 'NOK', NZ: 'NZD', SE: 'SEK' };
const MINIMUM: Record<string, number> = { US: 3, CZ: 80, SE: 10, NO: 10, DK: 10 };
const SUGGESTED: Record<string, number> = { US: 7, GB: 5, AU: 10, NZ: 10, CA: 9, CZ: 150, SE: 70, NO: 70, DK: 50 };
const DURATION: Record<string, number> = { SE: 30, NO: 30, DK: 30 };
const OTHERS = { minimumDailyBudget: 1, suggestedBudget: 7, defaultDuration: 10, currency: 'USD' };

/** The countries a business can pick (the spec's eligibility list of 29 is not shown: every country the tables name, and CZ's neighbours stay in USD). */
export const COUNTRIES: Record<string, string> = {
  US: 'United States',
  GB: 'United Kingdom',
  AU: 'Australia',
  NZ: 'New Zealand',
  CA: 'Canada',
  CZ: 'Czechia',
  SE: 'Sweden',
  NO: 'Norway',
  DK: 'Denmark',
  CH: 'Switzerland',
  AT: 'Austria',
  BE: 'Belgium',
  DE: 'Germany',
  ES: 'Spain',
  FI: 'Finland',
  FR: 'France',
  IE: 'Ireland',
  IT: 'Italy',
  NL: 'Netherlands',
  PT: 'Portugal',
  MX: 'Mexico',
  BR: 'Brazil',
  JP: 'Japan',
  PL: 'Poland',
};

/** Where the consent-law (GDPR) step of quick promote applies: the EU and EEA countries listed, GB and CH. */
export const CONSENT_COUNTRIES: ReadonlySet<string> = new Set([...EUR_COUNTRIES, 'CZ', 'SE', 'NO', 'DK', 'PL', 'GB', 'CH']);

export function currencyOf(country: string): string {
  if ((EUR_COUNTRIES as readonly string[]).includes(country)) return 'EUR';
  return OWN_CURRENCY[country] ?? OTHERS.currency;
}

export function countryRules(country: string = DEFAULT_COUNTRY): CountryRules {
  const code = country.toUpperCase();
  return {
    country: code,
    currency: currencyOf(code),
    minimumDailyBudget: MINIMUM[code] ?? OTHERS.minimumDailyBudget,
    suggestedBudget: SUGGESTED[code] ?? OTHERS.suggestedBudget,
    defaultDuration: DURATION[code] ?? OTHERS.defaultDuration,
  };
}
