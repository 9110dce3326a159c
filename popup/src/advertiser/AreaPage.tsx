import { useEffect, useState } from 'react';
import { formatDay as day, formatNumber, locale } from '../i18n';
import { getResource, postResource, ResourceError } from '../api';
import { labelOf } from '../../../api/src/advertisers/rules/promote';
import { campaignsCsv } from '../../../api/src/advertisers/rules/report';
import { ADVERTISER_ROUTES, adGroupLink, advertiserLink, OBJECTIVES, objectiveLink, type MatchedRoute } from '../../../api/src/advertisers/rules/routes';
import { formatMoney } from '../../../api/src/advertisers/rules/money';
import type { AdvertisersService } from '../../../api/src/advertisers/service';
import type { CampaignsService } from '../../../api/src/advertisers/campaigns/service';
import { ProfileChanger } from './ProfileChanger';
import { QuickPromote } from './QuickPromote';

export type AdvertiserData = Awaited<ReturnType<AdvertisersService['access']>>['advertiser'] &
  Awaited<ReturnType<AdvertisersService['setup']>> & { permissions: string[]; is_owner: boolean; quick_promote_steps: 'short' | 'full'; merchant_claim_pending: boolean; viewer: Awaited<ReturnType<AdvertisersService['viewer']>> };
type Insights = Awaited<ReturnType<CampaignsService['insights']>>;
type Campaign = Awaited<ReturnType<CampaignsService['campaigns']>>[number];
type AdGroup = Awaited<ReturnType<CampaignsService['adGroups']>>[number];
type Ad = Awaited<ReturnType<CampaignsService['ads']>>[number];
type Billing = Awaited<ReturnType<CampaignsService['billing']>> & Awaited<ReturnType<AdvertisersService['setup']>>;

const list = (value: string | null) => (value ? value.split(',').filter((v) => /^\d{1,20}$/.test(v)) : undefined);

const failure = (e: unknown) => (e instanceof ResourceError ? e.message : 'Sorry! Something went wrong on our end.');

function useData<T>(name: string, options: Record<string, unknown>): { data: T | null; error: string; reload: () => void } {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState('');
  const [round, setRound] = useState(0);
  useEffect(() => void getResource<T>(name, options).then((d) => (setData(d), setError('')), (e: unknown) => setError(failure(e))), [JSON.stringify(options), round]);
  return { data, error, reload: () => setRound((n) => n + 1) };
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
        return <Campaigns id={id} search={search} ids={list(search.get('campaignIds'))} />;
      case 'campaignInsights':
        return <CampaignInsights id={id} campaignId={route.params.campaignId!} search={search} />;
      case 'sponsorships':
        return <Sponsorships id={id} />;
      case 'merchant':
        return <Merchant advertiser={advertiser} />;
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
        <a href={advertiserLink(id, 'sponsorships')}>Paid partnerships</a>
        <a href={advertiserLink(id, 'merchant')}>Website</a>
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
        Country {advertiser.country}, budgets in {advertiser.currency}. {advertiser.has_billing ? 'Billing is set up.' : 'Add billing to run your campaigns.'}{' '}
        {advertiser.merchant_id ? `Verified merchant ${advertiser.merchant_id}.` : 'Website not verified yet.'}
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

const STATUSES = ['ACTIVE', 'PAUSED', 'PENDING_BILLING'] as const;

/** The campaign report: filters and a date range in the address (so a filtered report is a link), its numbers from the recorded ad events. */
function Campaigns({ id, search, ids }: { id: string; search: URLSearchParams; ids?: string[] }) {
  const pick = (k: string) => search.get(k) || undefined;
  const filter = { objective_type: pick('objective_type'), status: pick('status'), query: pick('query'), start_date: pick('start_date'), end_date: pick('end_date') };
  const { data, error } = useData<Campaign[]>('AdvertiserCampaignsResource', { advertiser_id: id, campaign_ids: ids, ...filter });
  const range = data?.[0]?.range;
  return (
    <>
      <h1>Campaigns{filter.objective_type ? `: ${filter.objective_type}` : ''}</h1>
      <form class="ads-filters" method="get" aria-label="Filter campaigns">
        <label>Name contains <input name="query" defaultValue={filter.query ?? ''} maxLength={100} /></label>
        <label>
          Status
          <select name="status" defaultValue={filter.status ?? ''}>
            <option value="">Any</option>
            {STATUSES.map((st) => <option key={st} value={st}>{STATUS[st]}</option>)}
          </select>
        </label>
        <label>
          Objective
          <select name="objective_type" defaultValue={filter.objective_type ?? ''}>
            <option value="">Any</option>
            {['CONSIDERATION', 'WEB_CONVERSION', 'CATALOG_SALES'].map((o) => <option key={o} value={o}>{labelOf(o)}</option>)}
          </select>
        </label>
        <label>From <input type="date" name="start_date" defaultValue={filter.start_date ?? ''} /></label>
        <label>To <input type="date" name="end_date" defaultValue={filter.end_date ?? ''} /></label>
        <button type="submit" class="secondary">Apply</button>
      </form>
      {range && (
        <p class="hint">
          Numbers from {range.start} to {range.end}.{' '}
          <a href={`data:text/csv;charset=utf-8,${encodeURIComponent(campaignsCsv(data ?? []))}`} download={`campaigns-${range.start}-${range.end}.csv`}>Download CSV</a>
        </p>
      )}
      {!data ? (
        <Loading error={error} />
      ) : data.length === 0 ? (
        <p>No campaigns match. Promote a Pin from the screen you see after saving it.</p>
      ) : (
        <table class="ads-table" aria-label="Campaigns">
          <thead>
            <tr><th>Campaign</th><th>Status</th><th>Daily budget</th><th>Start</th><th>End</th><th>Impressions</th><th>Clicks</th><th>Spend</th><th></th></tr>
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
                <td>
                  <a href={advertiserLink(id, 'adsEdit', { view: 'campaign', campaignId: c.id })}>Edit</a>{' '}
                  <a href={advertiserLink(id, 'campaignInsights', { campaignId: c.id, start_date: filter.start_date, end_date: filter.end_date })}>Insights</a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

/** /campaign-insights/{campaignId}/: a campaign's days over a range, beside a comparison range when one is given. */
function CampaignInsights({ id, campaignId, search }: { id: string; campaignId: string; search: URLSearchParams }) {
  const pick = (k: string) => search.get(k) || undefined;
  const q = { start_date: pick('start_date'), end_date: pick('end_date'), comp_start_date: pick('comp_start_date'), comp_end_date: pick('comp_end_date') };
  const { data, error } = useData<Insights>('CampaignInsightsResource', { advertiser_id: id, campaign_id: campaignId, ...q });
  if (!data) return <Loading error={error} />;
  const { campaign, current, comparison } = data;
  const totals = (label: string, t: Insights['current']) => (
    <tr key={label}><th scope="row">{label} ({t.start} – {t.end})</th><td>{formatNumber(t.total.impressions)}</td><td>{formatNumber(t.total.clicks)}</td><td>{money(t.total.spend, campaign.currency)}</td></tr>
  );
  return (
    <>
      <h1>Insights: {campaign.name}</h1>
      <form class="ads-filters" method="get" aria-label="Date ranges">
        <label>From <input type="date" name="start_date" defaultValue={q.start_date ?? current.start} /></label>
        <label>To <input type="date" name="end_date" defaultValue={q.end_date ?? current.end} /></label>
        <label>Compare from <input type="date" name="comp_start_date" defaultValue={q.comp_start_date ?? ''} /></label>
        <label>Compare to <input type="date" name="comp_end_date" defaultValue={q.comp_end_date ?? ''} /></label>
        <button type="submit" class="secondary">Apply</button>
      </form>
      <table class="ads-table" aria-label="Totals">
        <thead><tr><th>Range</th><th>Impressions</th><th>Clicks</th><th>Spend</th></tr></thead>
        <tbody>{[totals('This range', current), ...(comparison ? [totals('Comparison', comparison)] : [])]}</tbody>
      </table>
      <table class="ads-table" aria-label="By day">
        <thead><tr><th>Day</th><th>Impressions</th><th>Clicks</th><th>Spend</th></tr></thead>
        <tbody>
          {current.days.length === 0 && <tr><td colSpan={4}>No impressions or clicks in this range.</td></tr>}
          {current.days.map((d) => <tr key={d.day}><td>{d.day}</td><td>{formatNumber(d.impressions)}</td><td>{formatNumber(d.clicks)}</td><td>{money(d.spend, campaign.currency)}</td></tr>)}
        </tbody>
      </table>
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
                <td>{targetingText(g.targeting_spec as Targeting, g.auto_targeting)}{goalText(g.objective_type, g.optimization_goal_metadata as Goal)}</td>
                <td>{money(g.daily_budget, g.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

type Targeting = { GENDER?: string[]; AGE_BUCKET?: string[]; INTEREST?: string[] };
type Goal = { conversion_tag_v3_goal_metadata: { conversion_tag_id: string; conversion_event: string } } | null;
const GENDER_LABEL: Record<string, string> = { female: 'Women', male: 'Men', unknown: 'Unspecified' };
function targetingText(t: Targeting, auto: boolean): string {
  const parts = [
    (t.GENDER ?? []).length === 3 || !t.GENDER ? 'All genders' : t.GENDER.map((g) => GENDER_LABEL[g] ?? g).join(', '),
    t.AGE_BUCKET?.length ? `ages ${t.AGE_BUCKET.join(', ')}` : 'all ages',
    t.INTEREST?.length ? `interests: ${t.INTEREST.map(labelOf).join(', ')}` : 'any interests',
  ];
  return `${parts.join('; ')}${auto ? ' (plus automatic targeting)' : ''}`;
}
const goalText = (objective: string, goal: Goal) => (objective === 'WEB_CONVERSION' && goal ? `. Web conversion: tag ${goal.conversion_tag_v3_goal_metadata.conversion_tag_id}, event ${labelOf(goal.conversion_tag_v3_goal_metadata.conversion_event)}` : '');

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

/** /ads/edit/?view=campaign|adgroup|ad: the campaign's settings, and its edits: pause or run, daily budget, end date or ongoing. */
function EditView({ id, view, search }: { id: string; view: string; search: URLSearchParams }) {
  const campaignId = search.get('campaignId');
  const campaigns = useData<Campaign[]>('AdvertiserCampaignsResource', { advertiser_id: id, campaign_ids: campaignId ? [campaignId] : undefined });
  const [edited, setEdited] = useState<Campaign | null>(null);
  const [status, setStatus] = useState({ error: '', saved: '' });
  if (!['campaign', 'adgroup', 'ad'].includes(view)) return <p class="error" role="alert">Choose a campaign, ad group or ad to view.</p>;
  if (view !== 'campaign') return <Ads id={id} ids={list(search.get('pinPromotionId'))} />;
  if (!campaigns.data) return <Loading error={campaigns.error} />;
  const c = edited ?? (campaignId ? campaigns.data[0] : undefined);
  if (!c) return <p class="error" role="alert">Sorry, we couldn't find that campaign.</p>;
  const save = async (change: Record<string, unknown>, what: string) => {
    setStatus({ error: '', saved: '' });
    try {
      setEdited(await postResource<Campaign>('AdvertiserCampaignResource', 'update', { advertiser_id: id, campaign_id: c.id, ...change }));
      setStatus({ error: '', saved: what });
    } catch (e) {
      setStatus({ error: failure(e), saved: '' });
    }
  };
  const onSchedule = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const budget = Number(form.get('daily_budget'));
    const ongoing = form.get('is_ongoing') === 'on';
    const end = String(form.get('inclusive_end_date') ?? '').trim();
    void save({ daily_budget: budget, ...(ongoing ? { is_ongoing: true } : end ? { inclusive_end_date: end } : {}) }, 'Budget and dates saved.');
  };
  return (
    <>
      <h1>{c.name}</h1>
      <dl class="ads-facts">
        <dt>Status</dt><dd>{STATUS[c.status] ?? c.status}</dd>
        <dt>Objective</dt><dd>{c.objective_type}</dd>
        <dt>Daily budget</dt><dd>{money(c.daily_budget, c.currency)}</dd>
        <dt>Dates</dt><dd>{day(c.start_date)} – {c.is_ongoing ? 'ongoing' : c.end_date ? day(c.end_date) : '—'}</dd>
      </dl>
      {c.status === 'ACTIVE' && <button type="button" class="secondary" onClick={() => void save({ status: 'PAUSED' }, 'Campaign paused.')}>Pause campaign</button>}
      {c.status === 'PAUSED' && <button type="button" class="primary" onClick={() => void save({ status: 'ACTIVE' }, 'Campaign running again.')}>Run campaign</button>}
      <form class="ads-form" onSubmit={onSchedule} aria-label="Budget and schedule" key={`${c.daily_budget}-${c.end_date}-${c.is_ongoing}`}>
        <label class="field">Daily budget ({c.currency})<input name="daily_budget" type="number" step="0.01" min="0" required defaultValue={String(c.daily_budget)} /></label>
        <label class="field">End date<input name="inclusive_end_date" type="date" defaultValue={c.end_date ?? ''} /></label>
        <label class="check"><input name="is_ongoing" type="checkbox" defaultChecked={c.is_ongoing} /> Run until I stop it</label>
        <p class="actions"><button type="submit" class="primary">Save changes</button></p>
      </form>
      {status.error && <p class="error" role="alert">{status.error}</p>}
      {status.saved && <p role="status">{status.saved}</p>}
      <p><a href={c.billing_url}>Billing for this campaign</a> · <a href={advertiserLink(id, 'campaignInsights', { campaignId: c.id })}>Insights</a></p>
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

type Sponsorship = { pin_id: string; state: string; updated_at: number; title: string; description: string; image_url: string | null; pinner_username: string; sponsorshipStatus: number };
const SPONSORSHIP_STATE: Record<string, string> = { requested: 'Waiting for your answer', approved: 'Approved', rejected: 'Rejected' };

/** Paid partnerships creators labelled with this business: approve (the label names the business) or reject. */
function Sponsorships({ id }: { id: string }) {
  const { data, error, reload } = useData<Sponsorship[]>('AdvertiserSponsorshipsResource', { advertiser_id: id });
  const [problem, setProblem] = useState('');
  const decide = async (pinId: string, decision: 'approve' | 'reject') => {
    setProblem('');
    try {
      await postResource('AdvertiserSponsorshipsResource', 'update', { advertiser_id: id, pin_id: pinId, decision });
      reload();
    } catch (e) {
      setProblem(failure(e));
    }
  };
  return (
    <>
      <h1>Paid partnerships</h1>
      <p>Creators who label a Pin as a paid partnership with your business ask you to confirm it. Approved, the label names your business.</p>
      {problem && <p class="error" role="alert">{problem}</p>}
      {!data ? <Loading error={error} /> : data.length === 0 ? <p>No creator has named your business yet.</p> : (
        <table class="ads-table" aria-label="Paid partnerships">
          <thead><tr><th>Pin</th><th>Creator</th><th>State</th><th></th></tr></thead>
          <tbody>
            {data.map((p) => (
              <tr key={p.pin_id}>
                <td><a href={`/pin/${p.pin_id}/`}>{p.title || p.description || `Pin ${p.pin_id}`}</a></td>
                <td><a href={`/${p.pinner_username}/`}>@{p.pinner_username}</a></td>
                <td>{SPONSORSHIP_STATE[p.state] ?? p.state}</td>
                <td>
                  {p.state !== 'approved' && <button type="button" class="primary" onClick={() => void decide(p.pin_id, 'approve')}>Approve</button>}{' '}
                  {p.state !== 'rejected' && <button type="button" class="secondary" onClick={() => void decide(p.pin_id, 'reject')}>Reject</button>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

/** The website claim: a meta tag for the site, then the check that earns the merchant id. */
function Merchant({ advertiser }: { advertiser: AdvertiserData }) {
  const [state, setState] = useState<{ merchant_id: string | null; website_url: string | null; meta_tag?: string }>({ merchant_id: advertiser.merchant_id, website_url: advertiser.website_url });
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<void>) => {
    setProblem('');
    setBusy(true);
    try {
      await work();
    } catch (e) {
      setProblem(failure(e));
    } finally {
      setBusy(false);
    }
  };
  const claim = (event: Event) => {
    event.preventDefault();
    const website = String(new FormData(event.currentTarget as HTMLFormElement).get('website_url') ?? '').trim();
    void run(async () => setState(await postResource('AdvertiserMerchantResource', 'create', { advertiser_id: advertiser.id, ...(website ? { website_url: website } : {}) })));
  };
  const verify = () => void run(async () => setState(await postResource('AdvertiserMerchantResource', 'update', { advertiser_id: advertiser.id })));
  return (
    <>
      <h1>Website and merchant id</h1>
      {state.merchant_id ? (
        <p role="status">Your website {state.website_url} is verified. Merchant id {state.merchant_id}.</p>
      ) : (
        <>
          <p>Claim your website to become a verified merchant: your Pins then show the verified merchant badge.</p>
          <form class="ads-form" onSubmit={claim} aria-label="Claim your website">
            <label class="field">Website<input name="website_url" type="url" defaultValue={state.website_url ?? ''} placeholder="https://" /></label>
            <p class="actions"><button type="submit" class="primary" disabled={busy}>Get my tag</button></p>
          </form>
          {(state.meta_tag || advertiser.merchant_claim_pending) && (
            <div>
              {state.meta_tag && <p>Add this tag to the &lt;head&gt; of your site’s home page, {state.website_url ? new URL('/', state.website_url).href : 'your website'}: <code aria-label="Verification tag">{state.meta_tag}</code></p>}
              <button type="button" class="primary" disabled={busy} onClick={verify}>Verify my website</button>
            </div>
          )}
        </>
      )}
      {problem && <p class="error" role="alert">{problem}</p>}
    </>
  );
}
