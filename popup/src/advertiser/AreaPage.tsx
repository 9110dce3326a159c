import { useEffect, useState } from 'react';
import { formatDay as day, formatNumber, locale } from '../i18n';
import { getResource, ResourceError } from '../api';
import { ADVERTISER_ROUTES, adGroupLink, advertiserLink, OBJECTIVES, objectiveLink, type MatchedRoute } from '../../../api/src/advertisers/rules/routes';
import { formatMoney } from '../../../api/src/advertisers/rules/money';
import type { AdvertisersService } from '../../../api/src/advertisers/service';
import type { CampaignsService } from '../../../api/src/advertisers/campaigns/service';
import { ProfileChanger } from './ProfileChanger';
import { QuickPromote } from './QuickPromote';

export type AdvertiserData = Awaited<ReturnType<AdvertisersService['access']>>['advertiser'] &
  Awaited<ReturnType<AdvertisersService['setup']>> & { permissions: string[]; is_owner: boolean; quick_promote_steps: 'short' | 'full'; viewer: Awaited<ReturnType<AdvertisersService['viewer']>> };
type Campaign = Awaited<ReturnType<CampaignsService['campaigns']>>[number];
type AdGroup = Awaited<ReturnType<CampaignsService['adGroups']>>[number];
type Ad = Awaited<ReturnType<CampaignsService['ads']>>[number];
type Billing = Awaited<ReturnType<CampaignsService['billing']>> & Awaited<ReturnType<AdvertisersService['setup']>>;

const list = (value: string | null) => (value ? value.split(',').filter((v) => /^\d{1,20}$/.test(v)) : undefined);

function useData<T>(name: string, options: Record<string, unknown>): { data: T | null; error: string } {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState('');
  useEffect(() => void getResource<T>(name, options).then(setData, (e: unknown) => setError(e instanceof ResourceError ? e.message : 'Sorry! Something went wrong on our end.')), [JSON.stringify(options)]);
  return { data, error };
}

function Loading({ error }: { error: string }) {
  return error ? <p class="error" role="alert">{error}</p> : <p role="status" aria-label="Loading">Loading…</p>;
}

/** One advertiser page: the profile changer header, the area's navigation, and the page its route names. */
export function AreaPage({ route, search, advertiser }: { route: MatchedRoute; search: URLSearchParams; advertiser: AdvertiserData }) {
  const id = advertiser.id;
  const def = ADVERTISER_ROUTES[route.key];
  const body = (() => {
    switch (route.key) {
      case 'home':
        return <Home id={id} advertiser={advertiser} />;
      case 'campaigns':
        return <Campaigns id={id} objective={search.get('objective_type') ?? undefined} ids={list(search.get('campaignIds'))} />;
      case 'adgroups':
        return <AdGroups id={id} campaignIds={list(search.get('campaignIds'))} adGroupIds={list(search.get('adGroupIds'))} message={search.get('message')} />;
      case 'ads':
        return <Ads id={id} ids={list(search.get('pinPromotionIds'))} />;
      case 'adsEdit':
        return <EditView id={id} view={search.get('view') ?? 'campaign'} search={search} />;
      case 'billing':
      case 'billingHistory':
      case 'billingOrderLines':
        return <BillingPage id={id} routeKey={route.key} campaignId={search.get('campaign_id')} />;
      case 'quickPromote':
        return <QuickPromote advertiser={advertiser} pinId={search.get('pinId')} />;
      default:
        return <ToolPage id={id} title={def.title} params={{ ...route.params, ...Object.fromEntries(search) }} />;
    }
  })();
  return (
    <div class="ads-area">
      <ProfileChanger advertiser={advertiser} />
      <nav class="ads-nav" aria-label="Advertiser">
        <strong>{advertiser.name}</strong>
        <a href={advertiserLink(id, 'home')}>Overview</a>
        <a href={advertiserLink(id, 'campaigns')}>Campaigns</a>
        <a href={advertiserLink(id, 'adgroups')}>Ad groups</a>
        <a href={advertiserLink(id, 'ads')}>Ads</a>
        <a href={advertiserLink(id, 'billing')}>Billing</a>
      </nav>
      <main class="page ads wide">{body}</main>
    </div>
  );
}

function Home({ id, advertiser }: { id: string; advertiser: AdvertiserData }) {
  return (
    <>
      <h1>{advertiser.name}</h1>
      <p>
        Country {advertiser.country}, budgets in {advertiser.currency}. {advertiser.has_billing ? 'Billing is set up.' : 'Add billing to run your campaigns.'}
      </p>
      <h2>Campaigns by objective</h2>
      <ul class="ads-links">
        {Object.keys(OBJECTIVES).map((key) => (
          <li key={key}>
            <a href={objectiveLink(id, key)}>{key.replace(/_/g, ' ')}</a>
          </li>
        ))}
      </ul>
    </>
  );
}

const money = (amount: number, currency: string) => formatMoney(amount, currency, locale());
const STATUS: Record<string, string> = { ACTIVE: 'Active', PENDING_BILLING: 'Waiting for billing', PAUSED: 'Paused' };

function Campaigns({ id, objective, ids }: { id: string; objective?: string; ids?: string[] }) {
  const { data, error } = useData<Campaign[]>('AdvertiserCampaignsResource', { advertiser_id: id, objective_type: objective, campaign_ids: ids });
  return (
    <>
      <h1>Campaigns{objective ? `: ${objective}` : ''}</h1>
      {!data ? (
        <Loading error={error} />
      ) : data.length === 0 ? (
        <p>No campaigns yet. Promote a Pin from the screen you see after saving it.</p>
      ) : (
        <table class="ads-table" aria-label="Campaigns">
          <thead>
            <tr><th>Campaign</th><th>Status</th><th>Daily budget</th><th>Start</th><th>End</th><th>Impressions</th><th>Clicks</th><th>Spend</th></tr>
          </thead>
          <tbody>
            {data.map((c) => (
              <tr key={c.id}>
                <td><a href={advertiserLink(id, 'adgroups', { campaignIds: c.id })}>{c.name}</a></td>
                <td>{STATUS[c.status] ?? c.status}</td>
                <td>{money(c.daily_budget, c.currency)}</td>
                <td>{day(c.start_date)}</td>
                <td>{c.is_ongoing ? 'Ongoing' : c.end_date ? day(c.end_date) : '—'}</td>
                <td>{formatNumber(c.impressions)}</td>
                <td>{formatNumber(c.clicks)}</td>
                <td>{money(c.spend, c.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

function AdGroups({ id, campaignIds, adGroupIds, message }: { id: string; campaignIds?: string[]; adGroupIds?: string[]; message: string | null }) {
  const { data, error } = useData<AdGroup[]>('AdvertiserAdGroupsResource', { advertiser_id: id, campaign_ids: campaignIds, ad_group_ids: adGroupIds });
  return (
    <>
      <h1>Ad groups</h1>
      {message && <p role="status">{message}</p>}
      {!data ? <Loading error={error} /> : (
        <table class="ads-table" aria-label="Ad groups">
          <thead><tr><th>Ad group</th><th>Campaign</th><th>Targeting</th><th>Daily budget</th></tr></thead>
          <tbody>
            {data.map((g) => (
              <tr key={g.id}>
                <td><a href={adGroupLink(id, g.id, g.objective_type)}>{g.name}</a></td>
                <td><a href={advertiserLink(id, 'adsEdit', { view: 'campaign', campaignId: g.campaign_id })}>{g.campaign_name}</a></td>
                <td>{g.auto_targeting ? 'Automatic' : 'Chosen'}</td>
                <td>{money(g.daily_budget, g.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

function Ads({ id, ids }: { id: string; ids?: string[] }) {
  const { data, error } = useData<Ad[]>('AdvertiserAdsResource', { advertiser_id: id, pin_promotion_ids: ids });
  return (
    <>
      <h1>Ads</h1>
      {!data ? <Loading error={error} /> : (
        <table class="ads-table" aria-label="Ads">
          <thead><tr><th>Pin</th><th>Campaign</th><th>Destination</th><th>Status</th></tr></thead>
          <tbody>
            {data.map((a) => (
              <tr key={a.id}>
                <td>{a.pin_id ? <a href={`/pin/${a.pin_id}/`}>{a.title || `Pin ${a.pin_id}`}</a> : '—'}</td>
                <td><a href={advertiserLink(id, 'adsEdit', { view: 'ad', pinPromotionId: a.id })}>{a.campaign_name}</a></td>
                <td>{a.destination_url}</td>
                <td>{STATUS[a.status] ?? a.status}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

/** /ads/edit/?view=campaign|adgroup|ad: what the campaign, ad group or ad is set to. */
function EditView({ id, view, search }: { id: string; view: string; search: URLSearchParams }) {
  const campaignId = search.get('campaignId');
  const campaigns = useData<Campaign[]>('AdvertiserCampaignsResource', { advertiser_id: id, campaign_ids: campaignId ? [campaignId] : undefined });
  if (!['campaign', 'adgroup', 'ad'].includes(view)) return <p class="error" role="alert">Choose a campaign, ad group or ad to view.</p>;
  if (view !== 'campaign') return <Ads id={id} ids={list(search.get('pinPromotionId'))} />;
  const c = campaignId ? campaigns.data?.[0] : undefined;
  if (!campaigns.data) return <Loading error={campaigns.error} />;
  if (!c) return <p class="error" role="alert">Sorry, we couldn't find that campaign.</p>;
  return (
    <>
      <h1>{c.name}</h1>
      <dl class="ads-facts">
        <dt>Status</dt><dd>{STATUS[c.status] ?? c.status}</dd>
        <dt>Objective</dt><dd>{c.objective_type}</dd>
        <dt>Daily budget</dt><dd>{money(c.daily_budget, c.currency)}</dd>
        <dt>Dates</dt><dd>{day(c.start_date)} – {c.is_ongoing ? 'ongoing' : c.end_date ? day(c.end_date) : '—'}</dd>
      </dl>
      <p><a href={c.billing_url}>Billing for this campaign</a></p>
    </>
  );
}

function BillingPage({ id, routeKey, campaignId }: { id: string; routeKey: 'billing' | 'billingHistory' | 'billingOrderLines'; campaignId: string | null }) {
  const { data, error } = useData<Billing>('AdvertiserBillingResource', { advertiser_id: id });
  if (!data) return <Loading error={error} />;
  const lines = campaignId ? data.order_lines.filter((l) => l.id === campaignId) : data.order_lines;
  return (
    <>
      <h1>Billing</h1>
      <nav class="ads-tabs" aria-label="Billing">
        <a href={advertiserLink(id, 'billing')}>Overview</a> <a href={advertiserLink(id, 'billingHistory')}>History</a> <a href={advertiserLink(id, 'billingOrderLines')}>Order lines</a>
      </nav>
      {routeKey === 'billing' && <p>{data.billing ? `${data.billing.card_brand} ending in ${data.billing.card_last4} (${data.billing.card_holder}), billed in ${data.billing.currency}.` : 'No payment method yet.'}</p>}
      {routeKey === 'billingHistory' ? (
        <table class="ads-table" aria-label="Billing history">
          <thead><tr><th>Day</th><th>Spend</th></tr></thead>
          <tbody>{data.history.map((h) => <tr key={h.day + h.currency}><td>{day(h.day)}</td><td>{money(h.spend, h.currency)}</td></tr>)}</tbody>
        </table>
      ) : (
        <table class="ads-table" aria-label="Order lines">
          <thead><tr><th>Campaign</th><th>Status</th><th>Daily budget</th><th>Dates</th><th>Spent</th></tr></thead>
          <tbody>
            {lines.map((l) => (
              <tr key={l.id}><td>{l.name}</td><td>{STATUS[l.status] ?? l.status}</td><td>{money(l.daily_budget, l.currency)}</td><td>{day(l.start_date)} – {l.end_date ? day(l.end_date) : 'ongoing'}</td><td>{money(l.spend, l.currency)}</td></tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

/** A tool of section 2 this product does not provide: named, with its parameters, and a way back. */
function ToolPage({ id, title, params }: { id: string; title: string; params: Record<string, string> }) {
  const entries = Object.entries(params);
  return (
    <>
      <h1>{title}</h1>
      <p>{title} is not part of this product. Corkboard promotes Pins with quick promote and reports on those campaigns; this tool is not built.</p>
      {entries.length > 0 && (
        <dl class="ads-facts" aria-label="Parameters">
          {entries.map(([k, v]) => <><dt key={`k${k}`}>{k}</dt><dd key={`v${k}`}>{v}</dd></>)}
        </dl>
      )}
      <p><a href={advertiserLink(id, 'campaigns')}>Back to your campaigns</a></p>
    </>
  );
}
