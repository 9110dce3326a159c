/**
 * Every advertiser route, one typed table, and the link builder. Paths are
 * relative to /advertiser/{advertiserId}; `{name}` segments are path parameters. `provided: false`
 * marks a tool this product does not have: its page names the tool and says so.
 */
export interface RouteDef {
  path: string;
  title: string;
  params: readonly string[];
  provided: boolean;
}

const r = (path: string, title: string, params: readonly string[] = [], provided = false): RouteDef => ({ path, title, params, provided });

export const ADVERTISER_ROUTES = {
  home: r('/', 'Advertiser home', [], true),
  campaigns: r('/reporting/campaigns/', 'Campaigns', ['objective_type', 'status', 'query', 'start_date', 'end_date'], true),
  adgroups: r('/reporting/adgroups/', 'Ad groups', ['campaignIds', 'adGroupIds', 'message', 'showAllEntities'], true),
  ads: r('/reporting/ads/', 'Ads', ['pinPromotionIds', 'adFilter'], true),
  productgroups: r('/reporting/productgroups/', 'Product groups', ['adGroupIds']),
  productitems: r('/reporting/productitems/', 'Product items'),
  campaignNegativeKeywords: r('/reporting/campaign_negative_keywords/', 'Campaign negative keywords', ['campaignIds']),
  adGroupNegativeKeywords: r('/reporting/adgroup_negative_keywords/', 'Ad group negative keywords', ['adGroupIds']),
  adGroupKeywords: r('/reporting/keywords/', 'Ad group keywords', ['adGroupIds']),
  campaignSearchQueries: r('/reporting/campaign_search_queries/', 'Campaign search queries', ['campaignIds']),
  adGroupSearchQueries: r('/reporting/adgroup_search_queries/', 'Ad group search queries', ['adGroupIds']),
  adsCreate: r('/ads/create/', 'Create ads', [
    'campaignId',
    'objectiveType',
    'catalogsFeedId',
    'catalogId',
    'productGroupId',
    'managedClientId',
    'resumeLastDraft',
  ]),
  automatedCreate: r('/automated/ads/create/', 'Create an automated campaign'),
  campaignMode: r('/ads/campaign_mode/', 'Campaign mode'),
  adsEdit: r('/ads/edit/', 'Edit', ['view', 'campaignId', 'adGroupId', 'pinPromotionId'], true),
  automatedEdit: r('/automated/ads/edit/', 'Edit an automated campaign'),
  editDraft: r('/ads/edit_draft/', 'Edit a draft'),
  duplicate: r('/ads/duplicate/', 'Duplicate'),
  bulkEdit: r('/ads/bulk_edit/', 'Bulk edit', ['entity_level', 'ids']),
  audiences: r('/audiences/', 'Audiences'),
  audienceDebug: r('/audience_debug/', 'Audience debugger'),
  accountsManager: r('/accounts_manager/', 'Accounts manager'),
  billing: r('/billing/', 'Billing', ['section', 'next_step_link_url', 'campaign_id', 'objective_type', 'is_quick_promote'], true),
  billingHistory: r('/billing/history/', 'Billing history', [], true),
  billingOrderLines: r('/billing/order_lines/', 'Order lines', [], true),
  billingPromotions: r('/billing/promotions/', 'Promotions'),
  billingDocuments: r('/billing/documents/', 'Documents'),
  billingTaxDocuments: r('/billing/tax_documents/', 'Tax documents'),
  billingPrepaidSummary: r('/billing/prepaid_campaign_spend_summary/', 'Prepaid campaign spend summary'),
  billingPrepaidBreakdown: r('/billing/prepaid_spend_campaign_breakdown/', 'Prepaid spend by campaign'),
  bulkEditor: r('/bulk_editor/', 'Bulk editor'),
  bulkEditorUpload: r('/bulk_editor/upload_template/', 'Bulk editor: upload a template'),
  bulkEditorDownload: r('/bulk_editor/download_template/', 'Bulk editor: download a template'),
  bulkEditorHistory: r('/bulk_editor/history/', 'Bulk editor history', ['job_started']),
  bulkIdLibrary: r('/bulk_editor/bulk_id_library/', 'Bulk id library'),
  bulkEditorResources: r('/bulk_editor/resources/', 'Bulk editor resources'),
  experiments: r('/experiments/', 'Experiments'),
  experimentCreate: r('/experiments/create/', 'Create an experiment'),
  experimentResults: r('/experiments/view-results/', 'Experiment results'),
  experimentResult: r('/experiments/view-results/{experimentId}/', 'Experiment result', ['experimentId']),
  abTestCreate: r('/experiments/ab-test/create/', 'Create an A/B test'),
  history: r('/history/', 'Change history'),
  conversions: r('/conversions/{section}/', 'Conversions', ['section']),
  conversionsHome: r('/conversions/', 'Conversions'),
  pinBuilder: r('/pin-builder/', 'Pin builder'),
  reportingPreferences: r('/reporting/preferences/', 'Reporting preferences'),
  reportCenter: r('/report-center/', 'Report center'),
  reportCenterPage: r('/report-center/{section}/', 'Report center', ['section']),
  quickPromote: r('/quick-promote/', 'Quick promote', ['pinId'], true),
  recommendations: r('/recommendations/', 'Recommendations'),
  productCatalogs: r('/product-catalogs/data-source/', 'Catalog data sources'),
  campaignInsights: r(
    '/campaign-insights/{campaignId}/',
    'Campaign insights',
    ['campaignId', 'start_date', 'end_date', 'comp_start_date', 'comp_end_date'],
    true,
  ),
  campaignInsightsProductGroup: r('/campaign-insights/{campaignId}/product-group/{productGroupId}/', 'Product group insights', [
    'campaignId',
    'productGroupId',
  ]),
  mediaPlanner: r('/media_planner/', 'Media planner'),
  msotOptimizer: r('/msot-optimizer/', 'Multi-objective optimizer'),
  // Ours, beyond the product's list: the paid partnerships creators ask the business to approve, and the website claim.
  sponsorships: r('/sponsorships/', 'Paid partnerships', [], true),
  merchant: r('/merchant/', 'Website and merchant id', [], true),
  // Who acts for the business: the owner invites, changes roles, removes and hands over.
  members: r('/members/', 'Members', [], true),
} as const satisfies Record<string, RouteDef>;

export type RouteKey = keyof typeof ADVERTISER_ROUTES;

/** Conversions subpages: anything else under /conversions/ is not a route. */
export const CONVERSION_SECTIONS = [
  'events-overview',
  'event-history',
  'health',
  'test-events',
  'tag',
  'tag_manual_setup',
  'tag-health',
  'upload',
  'history',
  'pca_history',
  'pca_upload',
  'api_manual_setup',
  'api_partner_setup',
  'access_token',
  'setup-api',
  'deduplication',
  'payload-helper',
  'pinterest_capi_connect',
];
export const REPORT_CENTER_SECTIONS = ['builder', 'history', 'unsubscribe', 'download'];

type Params = Record<string, string | number | boolean | null | undefined>;

/** /advertiser/{id}{route}?{query}; path parameters fill their segments, the rest become the query. Unknown key: throws. */
export function advertiserLink(advertiserId: string, key: string, params: Params = {}): string {
  if (!Object.hasOwn(ADVERTISER_ROUTES, key)) throw new Error(`Unknown advertiser route ${key}.`);
  const route = ADVERTISER_ROUTES[key as RouteKey];
  const query = new URLSearchParams();
  let path = route.path;
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (path.includes(`{${name}}`)) path = path.replace(`{${name}}`, encodeURIComponent(String(value)));
    else query.set(name, String(value));
  }
  if (/\{\w+\}/.test(path)) throw new Error(`The ${key} route needs ${path.match(/\{(\w+)\}/)![1]}.`);
  const base = `/advertiser/${encodeURIComponent(advertiserId)}${path === '/' ? '/' : path}`;
  const search = query.toString();
  return search ? `${base}?${search}` : base;
}

/** A profile's address (sign-up's username rule): a one-segment route that could be one stays the profile's. */
const COULD_BE_A_USERNAME = /^\/[a-z0-9_]{3,30}\/$/;
/** Routes the product serves under these paths itself (the pin builder, the billing redirect, the home page). */
const SERVED_ELSEWHERE: readonly RouteKey[] = ['home', 'pinBuilder', 'billing'];

/**
 * Advertiser routes asked for without /advertiser/{id} (/reporting/campaigns/,
 * /ads/create/, /quick-promote/…): they resolve to the active profile's. A one-segment path a username
 * could take (/history/, /audiences/) stays a profile's page: a person's address is not taken from them.
 */
const unprefixed = (Object.entries(ADVERTISER_ROUTES) as Array<[RouteKey, RouteDef]>).filter(
  ([key, def]) => !SERVED_ELSEWHERE.includes(key) && (def.path.split('/').length > 3 || !COULD_BE_A_USERNAME.test(def.path)),
);

/** The server's page paths (Hono syntax) for the unprefixed routes. */
export const UNPREFIXED_ADVERTISER_PATHS: readonly string[] = unprefixed.map(([, def]) => def.path.replace(/\{(\w+)\}/g, ':$1'));

/** The route under the active profile an unprefixed path names (`reporting/campaigns/`), or null. */
export function unprefixedAdvertiserRoute(pathname: string): string | null {
  const path = pathname.endsWith('/') ? pathname : `${pathname}/`;
  const hit = matchAdvertiserRoute(`/advertiser/0${path}`);
  if (!hit || !unprefixed.some(([key]) => key === hit.key)) return null;
  return path.slice(1);
}

/** The objective shortcuts: the campaign report filtered by objective. */
export const OBJECTIVES = {
  purchases: 'PURCHASES',
  awareness: 'AWARENESS',
  engagement: 'ENGAGEMENT',
  videos: 'VIDEO',
  app_installs: 'APP_INSTALL',
  catalog_sales: 'CATALOG_SALES',
  web_conversion: 'WEB_CONVERSION',
  video_view: 'VIDEO_VIEW',
  traffic: 'CONSIDERATION',
  shopping: 'SHOPPING',
} as const;

export function objectiveLink(advertiserId: string, shortcut: string): string {
  if (!Object.hasOwn(OBJECTIVES, shortcut)) throw new Error(`Unknown objective shortcut ${shortcut}.`);
  return advertiserLink(advertiserId, 'campaigns', { objective_type: OBJECTIVES[shortcut as keyof typeof OBJECTIVES] });
}

/** Ad-group links: shopping and catalog sales go to the product group report; others to the ad group report showing all entities. */
export function adGroupLink(advertiserId: string, adGroupId: string, objectiveType: string): string {
  if (objectiveType === OBJECTIVES.shopping || objectiveType === OBJECTIVES.catalog_sales)
    return advertiserLink(advertiserId, 'productgroups', { adGroupIds: adGroupId });
  return advertiserLink(advertiserId, 'adgroups', { adGroupIds: adGroupId, showAllEntities: true });
}

/** /advertiser/{id}/billing/?campaign_id=..&objective_type=CLICKTHROUGH&is_quick_promote=true */
export function billingLink(advertiserId: string, campaignId: string): string {
  return advertiserLink(advertiserId, 'billing', { campaign_id: campaignId, objective_type: 'CLICKTHROUGH', is_quick_promote: true });
}

export interface MatchedRoute {
  advertiserId: string;
  key: RouteKey;
  params: Record<string, string>;
}

/** The route a path names (the page router), or null. Paths with or without the trailing slash match. */
export function matchAdvertiserRoute(pathname: string): MatchedRoute | null {
  const m = /^\/advertiser\/(\d{1,20})(\/.*)?$/.exec(pathname);
  if (!m) return null;
  const rest = (m[2] ?? '/').replace(/\/?$/, '/');
  for (const [key, def] of Object.entries(ADVERTISER_ROUTES) as Array<[RouteKey, RouteDef]>) {
    const names: string[] = [];
    const pattern = def.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
    const hit = new RegExp(`^${pattern}$`).exec(rest);
    if (!hit) continue;
    const params = Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(hit[i + 1]!)]));
    if (key === 'conversions' && !CONVERSION_SECTIONS.includes(params.section!)) continue;
    if (key === 'reportCenterPage' && !REPORT_CENTER_SECTIONS.includes(params.section!)) continue;
    return { advertiserId: m[1]!, key, params };
  }
  return null;
}
