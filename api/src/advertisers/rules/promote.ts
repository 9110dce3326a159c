import { countryRules } from './countries.js';
import { toMicro } from './money.js';
import { cutCampaignName } from './text.js';

/** Quick promote goals and targeting. */
export const GOALS = ['CONSIDERATION', 'WEB_CONVERSION', 'CATALOG_SALES'] as const;
export const GENDERS = ['female', 'male', 'unknown'] as const;
export const ADS_CLIENT_TYPE = 'quick_promote';
/** Targeting (our lists; the spec names the fields, not their values): age buckets and interests. */
export const AGE_BUCKETS = ['18-24', '25-34', '35-44', '45-49', '50-54', '55-64', '65+'] as const;
export const INTERESTS = [
  'animals',
  'architecture',
  'art',
  'beauty',
  'design',
  'diy_and_crafts',
  'education',
  'entertainment',
  'event_planning',
  'finance',
  'food_and_drinks',
  'gardening',
  'health',
  'home_decor',
  'kids_and_parenting',
  'mens_fashion',
  'quotes',
  'sport',
  'travel',
  'vehicles',
  'wedding',
  'womens_fashion',
] as const;
/** The conversion events a web-conversion ad may optimise for. */
export const CONVERSION_EVENTS = ['CHECKOUT', 'ADD_TO_CART', 'PAGE_VISIT', 'SIGNUP', 'LEAD'] as const;
export type Gender = (typeof GENDERS)[number];
export type AgeBucket = (typeof AGE_BUCKETS)[number];
export type Interest = (typeof INTERESTS)[number];
export type ConversionEvent = (typeof CONVERSION_EVENTS)[number];

/** The values of a form's checkboxes that are on one of these lists (a hand-edited page's others are dropped). */
export const listed = <T extends string>(list: readonly T[], values: readonly unknown[]): T[] =>
  values.flatMap((value) => list.filter((item) => item === value));

/** A plain label for a list value: 'diy_and_crafts' → 'Diy and crafts'. */
export const labelOf = (value: string) => (value.charAt(0).toUpperCase() + value.slice(1).toLowerCase()).replace(/_/g, ' ');

/** The quick promote form's values. */
export interface QuickPromoteValues {
  name: string;
  destination_url: string;
  budget: string | number;
  duration: string | number;
  inclusive_end_date: string;
  is_ongoing: boolean;
  advertiser_id: string;
  ages: AgeBucket[];
  interests: Interest[];
  genders: Gender[];
  ad_type: (typeof GOALS)[number];
  selected_ocpm_tag: { conversionTagId: string; conversionEvent: ConversionEvent } | null;
  isAutoTargeting: boolean;
}

/** The quick promote request's payload. */
export interface QuickPromotePayload {
  budget_in_micro_currency: number;
  campaign_name: string;
  destination_url: string;
  duration: number;
  auto_targeting_enabled: boolean;
  is_ongoing: boolean;
  start_now: boolean;
  targeting_spec: { AGE_BUCKET?: AgeBucket[]; INTEREST?: Interest[]; GENDER: Gender[] };
  advertiser_id: string;
  ads_client_type: typeof ADS_CLIENT_TYPE;
  pin_id: string | null;
  product_group_id: string | null;
  objective_type?: (typeof GOALS)[number];
  optimization_goal_metadata?: { conversion_tag_v3_goal_metadata: { conversion_tag_id: string; conversion_event: ConversionEvent } };
  flexible_daily_budget_enabled: boolean;
  inclusive_end_date?: string;
}

/**
 * Section 5 as one function: name cut at 63, end date only when not ongoing and non-empty after
 * trimming, whole-number duration, web-conversion metadata, no submit with a product group and no
 * pin (throws). Budget in micro currency.
 */
export function buildPayload(values: QuickPromoteValues, pinId: string | null, productGroupId: string | null = null, country = 'US'): QuickPromotePayload {
  if (productGroupId && !pinId) throw new Error('A product group needs a pin to promote.');
  const duration = Number.parseInt(String(values.duration), 10);
  const payload: QuickPromotePayload = {
    budget_in_micro_currency: toMicro(Number(values.budget)),
    campaign_name: cutCampaignName(values.name),
    destination_url: values.destination_url,
    duration: Number.isFinite(duration) ? duration : countryRules(country).defaultDuration,
    auto_targeting_enabled: values.isAutoTargeting,
    is_ongoing: values.is_ongoing,
    start_now: true,
    targeting_spec: {
      GENDER: values.genders.length ? values.genders : [...GENDERS],
      ...(values.ages.length ? { AGE_BUCKET: values.ages } : {}),
      ...(values.interests.length ? { INTEREST: values.interests } : {}),
    },
    advertiser_id: values.advertiser_id,
    ads_client_type: ADS_CLIENT_TYPE,
    pin_id: pinId,
    product_group_id: productGroupId,
    flexible_daily_budget_enabled: values.is_ongoing,
  };
  const end = values.inclusive_end_date.trim();
  if (!values.is_ongoing && end) payload.inclusive_end_date = end;
  if (values.ad_type === 'WEB_CONVERSION' && values.selected_ocpm_tag) {
    payload.objective_type = 'WEB_CONVERSION';
    payload.optimization_goal_metadata = {
      conversion_tag_v3_goal_metadata: {
        conversion_tag_id: values.selected_ocpm_tag.conversionTagId,
        conversion_event: values.selected_ocpm_tag.conversionEvent,
      },
    };
  }
  return payload;
}

/** Section 8: with a message_detail, a 401 belongs to the pin area and anything else to the modal; no message, the modal. */
export function errorArea(status: number, messageDetail: string | undefined | null): 'pin' | 'modal' {
  if (messageDetail && status === 401) return 'pin';
  return 'modal';
}

/**
 * The form's checks before a submit (validators run in order and the first error is
 * returned). The server repeats them with its schema; these give the message before the round trip.
 */
export function firstFormError(values: QuickPromoteValues, country = 'US'): string | null {
  const rules = countryRules(country);
  const budget = Number(values.budget);
  const validators: Array<() => string | null> = [
    () => (values.name.trim() ? null : 'Give the campaign a name.'),
    () => (/^https?:\/\/[^\s/]+/i.test(values.destination_url.trim()) ? null : 'Enter a destination URL that starts with http:// or https://.'),
    () =>
      Number.isFinite(budget) && budget >= rules.minimumDailyBudget
        ? null
        : `The minimum daily budget in ${rules.country} is ${rules.minimumDailyBudget} ${rules.currency}.`,
    () =>
      values.is_ongoing || String(values.duration).trim() === '' || /^\d+$/.test(String(values.duration).trim())
        ? null
        : 'The duration is a whole number of days.',
    () => (values.genders.length ? null : 'Choose at least one gender.'),
    () =>
      values.ad_type !== 'WEB_CONVERSION' || (values.selected_ocpm_tag?.conversionTagId && values.selected_ocpm_tag.conversionEvent)
        ? null
        : 'Choose a conversion tag and event for a web-conversion ad.',
  ];
  for (const check of validators) {
    const error = check();
    if (error) return error;
  }
  return null;
}
