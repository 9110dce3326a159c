import { useEffect, useState } from 'react';
import { linked } from '../i18n/linked';
import { formatDay as day, formatNumber, t as tMain } from '../i18n';
import { BRAND } from '../brand';
import { getResource, postResource } from '../api';
import { GOALS } from '../../../api/src/advertisers/rules/promote';
import { campaignsCsv } from '../../../api/src/advertisers/rules/report';
import { ADVERTISER_ROUTES, adGroupLink, advertiserLink, OBJECTIVES, objectiveLink, type MatchedRoute } from '../../../api/src/advertisers/rules/routes';
import type { AdvertisersService } from '../../../api/src/advertisers/service';
import type { CampaignsService } from '../../../api/src/advertisers/campaigns/service';
import { ProfileChanger } from './ProfileChanger';
import { QuickPromote } from './QuickPromote';
import { MembersPage } from './members/MembersPage';
import { t as tMembers } from './members/messages';
import { t } from './messages';
import { money, problem as failure, wordFor } from './words';

export type AdvertiserData = Awaited<ReturnType<AdvertisersService['access']>>['advertiser'] &
  Awaited<ReturnType<AdvertisersService['setup']>> & { permissions: string[]; is_owner: boolean; quick_promote_steps: 'short' | 'full'; merchant_claim_pending: boolean; viewer: Awaited<ReturnType<AdvertisersService['viewer']>> };
type Insights = Awaited<ReturnType<CampaignsService['insights']>>;
type Campaign = Awaited<ReturnType<CampaignsService['campaigns']>>[number];
type AdGroup = Awaited<ReturnType<CampaignsService['adGroups']>>[number];
type Ad = Awaited<ReturnType<CampaignsService['ads']>>[number];
type Billing = Awaited<ReturnType<CampaignsService['billing']>> & Awaited<ReturnType<AdvertisersService['setup']>>;

const list = (value: string | null) => (value ? value.split(',').filter((v) => /^\d{1,20}$/.test(v)) : undefined);

function useData<T>(name: string, options: Record<string, unknown>): { data: T | null; error: string; reload: () => void } {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState('');
  const [round, setRound] = useState(0);
  useEffect(() => void getResource<T>(name, options).then((d) => (setData(d), setError('')), (e: unknown) => setError(failure(e))), [JSON.stringify(options), round]);
  return { data, error, reload: () => setRound((n) => n + 1) };
}

function Loading({ error }: { error: string }) {
  return error ? <p class="error" role="alert">{error}</p> : <p role="status" aria-label={tMain('common.loading')}>{tMain('common.loading')}</p>;
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
      case 'members':
        return <MembersPage id={id} />;
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
      <nav class="ads-nav" aria-label={t('navLabel')}>
        <strong>{advertiser.name}</strong>
        <a href={advertiserLink(id, 'home')}>{t('overview')}</a>
        <a href={advertiserLink(id, 'campaigns')}>{t('campaigns')}</a>
        <a href={advertiserLink(id, 'adgroups')}>{t('adGroups')}</a>
        <a href={advertiserLink(id, 'ads')}>{t('ads')}</a>
        <a href={advertiserLink(id, 'billing')}>{t('billing')}</a>
        <a href={advertiserLink(id, 'sponsorships')}>{t('paidPartnerships')}</a>
        <a href={advertiserLink(id, 'merchant')}>{t('website')}</a>
        <a href={advertiserLink(id, 'members')}>{tMembers('title')}</a>
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
        {t('homeFacts', { country: advertiser.country, currency: advertiser.currency })} {advertiser.has_billing ? t('billingSetUp') : t('addBillingToRun')}{' '}
        {advertiser.merchant_id ? t('verifiedMerchantId', { id: advertiser.merchant_id }) : t('websiteNotVerified')}
      </p>
      <h2>{t('byObjective')}</h2>
      <ul class="ads-links">
        {Object.keys(OBJECTIVES).map((key) => (
          <li key={key}>
            <a href={objectiveLink(id, key)}>{wordFor('objective', key)}</a>
          </li>
        ))}
      </ul>
    </>
  );
}

const statusWord = (value: string) => wordFor('status', value);
const STATUSES = ['ACTIVE', 'PAUSED', 'PENDING_BILLING'] as const;

/** The campaign report: filters and a date range in the address (so a filtered report is a link), its numbers from the recorded ad events. */
function Campaigns({ id, search, ids }: { id: string; search: URLSearchParams; ids?: string[] }) {
  const pick = (k: string) => search.get(k) || undefined;
  const filter = { objective_type: pick('objective_type'), status: pick('status'), query: pick('query'), start_date: pick('start_date'), end_date: pick('end_date') };
  const { data, error } = useData<Campaign[]>('AdvertiserCampaignsResource', { advertiser_id: id, campaign_ids: ids, ...filter });
  const range = data?.[0]?.range;
  return (
    <>
      <h1>{filter.objective_type ? t('campaignsOf', { objective: filter.objective_type }) : t('campaigns')}</h1>
      <form class="ads-filters" method="get" aria-label={t('filterCampaigns')}>
        <label>{t('nameContains')} <input name="query" defaultValue={filter.query ?? ''} maxLength={100} /></label>
        <label>
          {t('status')}
          <select name="status" defaultValue={filter.status ?? ''}>
            <option value="">{t('any')}</option>
            {STATUSES.map((st) => <option key={st} value={st}>{statusWord(st)}</option>)}
          </select>
        </label>
        <label>
          {t('objective')}
          <select name="objective_type" defaultValue={filter.objective_type ?? ''}>
            <option value="">{t('any')}</option>
            {GOALS.map((o) => <option key={o} value={o}>{wordFor('goal', o)}</option>)}
          </select>
        </label>
        <label>{t('from')} <input type="date" name="start_date" defaultValue={filter.start_date ?? ''} /></label>
        <label>{t('to')} <input type="date" name="end_date" defaultValue={filter.end_date ?? ''} /></label>
        <button type="submit" class="secondary">{t('apply')}</button>
      </form>
      {range && (
        <p class="hint">
          {t('numbersFrom', { start: day(range.start), end: day(range.end) })}{' '}
          <a href={`data:text/csv;charset=utf-8,${encodeURIComponent(campaignsCsv(data ?? []))}`} download={`campaigns-${range.start}-${range.end}.csv`}>{t('downloadCsv')}</a>
        </p>
      )}
      {!data ? (
        <Loading error={error} />
      ) : data.length === 0 ? (
        <p>{t('noCampaigns')}</p>
      ) : (
        <table class="ads-table" aria-label={t('campaigns')}>
          <thead>
            <tr><th>{t('campaign')}</th><th>{t('status')}</th><th>{t('dailyBudget')}</th><th>{t('start')}</th><th>{t('end')}</th><th>{t('impressions')}</th><th>{t('clicks')}</th><th>{t('spend')}</th><th></th></tr>
          </thead>
          <tbody>
            {data.map((c) => (
              <tr key={c.id}>
                <td><a href={advertiserLink(id, 'adgroups', { campaignIds: c.id })}>{c.name}</a></td>
                <td>{statusWord(c.status)}</td>
                <td>{money(c.daily_budget, c.currency)}</td>
                <td>{day(c.start_date)}</td>
                <td>{c.is_ongoing ? t('ongoingCapital') : c.end_date ? day(c.end_date) : '—'}</td>
                <td>{formatNumber(c.impressions)}</td>
                <td>{formatNumber(c.clicks)}</td>
                <td>{money(c.spend, c.currency)}</td>
                <td>
                  <a href={advertiserLink(id, 'adsEdit', { view: 'campaign', campaignId: c.id })}>{t('edit')}</a>{' '}
                  <a href={advertiserLink(id, 'campaignInsights', { campaignId: c.id, start_date: filter.start_date, end_date: filter.end_date })}>{t('insights')}</a>
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
  const totals = (label: string, range: Insights['current']) => (
    <tr key={label}><th scope="row">{t('rangeDates', { label, start: day(range.start), end: day(range.end) })}</th><td>{formatNumber(range.total.impressions)}</td><td>{formatNumber(range.total.clicks)}</td><td>{money(range.total.spend, campaign.currency)}</td></tr>
  );
  return (
    <>
      <h1>{t('insightsOf', { name: campaign.name })}</h1>
      <form class="ads-filters" method="get" aria-label={t('dateRanges')}>
        <label>{t('from')} <input type="date" name="start_date" defaultValue={q.start_date ?? current.start} /></label>
        <label>{t('to')} <input type="date" name="end_date" defaultValue={q.end_date ?? current.end} /></label>
        <label>{t('compareFrom')} <input type="date" name="comp_start_date" defaultValue={q.comp_start_date ?? ''} /></label>
        <label>{t('compareTo')} <input type="date" name="comp_end_date" defaultValue={q.comp_end_date ?? ''} /></label>
        <button type="submit" class="secondary">{t('apply')}</button>
      </form>
      <table class="ads-table" aria-label={t('totals')}>
        <thead><tr><th>{t('range')}</th><th>{t('impressions')}</th><th>{t('clicks')}</th><th>{t('spend')}</th></tr></thead>
        <tbody>{[totals(t('thisRange'), current), ...(comparison ? [totals(t('comparison'), comparison)] : [])]}</tbody>
      </table>
      <table class="ads-table" aria-label={t('byDay')}>
        <thead><tr><th>{t('day')}</th><th>{t('impressions')}</th><th>{t('clicks')}</th><th>{t('spend')}</th></tr></thead>
        <tbody>
          {current.days.length === 0 && <tr><td colSpan={4}>{t('noActivity')}</td></tr>}
          {current.days.map((d) => <tr key={d.day}><td>{day(d.day)}</td><td>{formatNumber(d.impressions)}</td><td>{formatNumber(d.clicks)}</td><td>{money(d.spend, campaign.currency)}</td></tr>)}
        </tbody>
      </table>
    </>
  );
}

function AdGroups({ id, campaignIds, adGroupIds, message }: { id: string; campaignIds?: string[]; adGroupIds?: string[]; message: string | null }) {
  const { data, error } = useData<AdGroup[]>('AdvertiserAdGroupsResource', { advertiser_id: id, campaign_ids: campaignIds, ad_group_ids: adGroupIds });
  return (
    <>
      <h1>{t('adGroups')}</h1>
      {message && <p role="status">{message}</p>}
      {!data ? <Loading error={error} /> : (
        <table class="ads-table" aria-label={t('adGroups')}>
          <thead><tr><th>{t('adGroup')}</th><th>{t('campaign')}</th><th>{t('targeting')}</th><th>{t('dailyBudget')}</th></tr></thead>
          <tbody>
            {data.map((g) => (
              <tr key={g.id}>
                <td><a href={adGroupLink(id, g.id, g.objective_type)}>{g.name}</a></td>
                <td><a href={advertiserLink(id, 'adsEdit', { view: 'campaign', campaignId: g.campaign_id })}>{g.campaign_name}</a></td>
                <td>{[targetingText(g.targeting_spec as Targeting, g.auto_targeting), goalText(g.objective_type, g.optimization_goal_metadata as Goal)].filter(Boolean).join('. ')}</td>
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
function targetingText(spec: Targeting, auto: boolean): string {
  const parts = [
    (spec.GENDER ?? []).length === 3 || !spec.GENDER ? t('allGenders') : spec.GENDER.map((g) => wordFor('gender', g)).join(', '),
    spec.AGE_BUCKET?.length ? t('agesOf', { ages: spec.AGE_BUCKET.join(', ') }) : t('allAges'),
    spec.INTEREST?.length ? t('interestsOf', { interests: spec.INTEREST.map((i) => wordFor('interest', i)).join(', ') }) : t('anyInterests'),
  ].join('; ');
  return auto ? t('plusAutomatic', { targeting: parts }) : parts;
}
const goalText = (objective: string, goal: Goal) =>
  objective === 'WEB_CONVERSION' && goal ? t('webConversionGoal', { tag: goal.conversion_tag_v3_goal_metadata.conversion_tag_id, event: wordFor('event', goal.conversion_tag_v3_goal_metadata.conversion_event) }) : '';

function Ads({ id, ids }: { id: string; ids?: string[] }) {
  const { data, error } = useData<Ad[]>('AdvertiserAdsResource', { advertiser_id: id, pin_promotion_ids: ids });
  return (
    <>
      <h1>{t('ads')}</h1>
      {!data ? <Loading error={error} /> : (
        <table class="ads-table" aria-label={t('ads')}>
          <thead><tr><th>{t('pin')}</th><th>{t('campaign')}</th><th>{t('destination')}</th><th>{t('status')}</th></tr></thead>
          <tbody>
            {data.map((a) => (
              <tr key={a.id}>
                <td>{a.pin_id ? <a href={`/pin/${a.pin_id}/`}>{a.title || t('pinNumbered', { id: a.pin_id })}</a> : '—'}</td>
                <td><a href={advertiserLink(id, 'adsEdit', { view: 'ad', pinPromotionId: a.id })}>{a.campaign_name}</a></td>
                <td>{a.destination_url}</td>
                <td>{statusWord(a.status)}</td>
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
  if (!['campaign', 'adgroup', 'ad'].includes(view)) return <p class="error" role="alert">{t('chooseView')}</p>;
  if (view !== 'campaign') return <Ads id={id} ids={list(search.get('pinPromotionId'))} />;
  if (!campaigns.data) return <Loading error={campaigns.error} />;
  const c = edited ?? (campaignId ? campaigns.data[0] : undefined);
  if (!c) return <p class="error" role="alert">{t('campaignNotFound')}</p>;
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
    void save({ daily_budget: budget, ...(ongoing ? { is_ongoing: true } : end ? { inclusive_end_date: end } : {}) }, t('scheduleSaved'));
  };
  return (
    <>
      <h1>{c.name}</h1>
      <dl class="ads-facts">
        <dt>{t('status')}</dt><dd>{statusWord(c.status)}</dd>
        <dt>{t('objective')}</dt><dd>{c.objective_type}</dd>
        <dt>{t('dailyBudget')}</dt><dd>{money(c.daily_budget, c.currency)}</dd>
        <dt>{t('dates')}</dt><dd>{day(c.start_date)} – {c.is_ongoing ? t('ongoing') : c.end_date ? day(c.end_date) : '—'}</dd>
      </dl>
      {c.status === 'ACTIVE' && <button type="button" class="secondary" onClick={() => void save({ status: 'PAUSED' }, t('campaignPaused'))}>{t('pauseCampaign')}</button>}
      {c.status === 'PAUSED' && <button type="button" class="primary" onClick={() => void save({ status: 'ACTIVE' }, t('campaignRunning'))}>{t('runCampaign')}</button>}
      <form class="ads-form" onSubmit={onSchedule} aria-label={t('budgetAndSchedule')} key={`${c.daily_budget}-${c.end_date}-${c.is_ongoing}`}>
        <label class="field">{t('dailyBudgetIn', { currency: c.currency })}<input name="daily_budget" type="number" step="0.01" min="0" required defaultValue={String(c.daily_budget)} /></label>
        <label class="field">{t('endDate')}<input name="inclusive_end_date" type="date" defaultValue={c.end_date ?? ''} /></label>
        <label class="check"><input name="is_ongoing" type="checkbox" defaultChecked={c.is_ongoing} /> {t('untilStopped')}</label>
        <p class="actions"><button type="submit" class="primary">{t('saveChanges')}</button></p>
      </form>
      {status.error && <p class="error" role="alert">{status.error}</p>}
      {status.saved && <p role="status">{status.saved}</p>}
      <p><a href={c.billing_url}>{t('campaignBilling')}</a> · <a href={advertiserLink(id, 'campaignInsights', { campaignId: c.id })}>{t('insights')}</a></p>
    </>
  );
}

function BillingPage({ id, routeKey, campaignId }: { id: string; routeKey: 'billing' | 'billingHistory' | 'billingOrderLines'; campaignId: string | null }) {
  const { data, error } = useData<Billing>('AdvertiserBillingResource', { advertiser_id: id });
  if (!data) return <Loading error={error} />;
  const lines = campaignId ? data.order_lines.filter((l) => l.id === campaignId) : data.order_lines;
  return (
    <>
      <h1>{t('billing')}</h1>
      <nav class="ads-tabs" aria-label={t('billing')}>
        <a href={advertiserLink(id, 'billing')}>{t('overview')}</a> <a href={advertiserLink(id, 'billingHistory')}>{t('history')}</a> <a href={advertiserLink(id, 'billingOrderLines')}>{t('orderLines')}</a>
      </nav>
      {routeKey === 'billing' && <p>{data.billing ? t('cardOnFile', { brand: data.billing.card_brand, last4: data.billing.card_last4, holder: data.billing.card_holder, currency: data.billing.currency }) : t('noPaymentMethod')}</p>}
      {routeKey === 'billingHistory' ? (
        <table class="ads-table" aria-label={t('billingHistory')}>
          <thead><tr><th>{t('day')}</th><th>{t('spend')}</th></tr></thead>
          <tbody>{data.history.map((h) => <tr key={h.day + h.currency}><td>{day(h.day)}</td><td>{money(h.spend, h.currency)}</td></tr>)}</tbody>
        </table>
      ) : (
        <table class="ads-table" aria-label={t('orderLines')}>
          <thead><tr><th>{t('campaign')}</th><th>{t('status')}</th><th>{t('dailyBudget')}</th><th>{t('dates')}</th><th>{t('spent')}</th></tr></thead>
          <tbody>
            {lines.map((l) => (
              <tr key={l.id}><td>{l.name}</td><td>{statusWord(l.status)}</td><td>{money(l.daily_budget, l.currency)}</td><td>{day(l.start_date)} – {l.end_date ? day(l.end_date) : t('ongoing')}</td><td>{money(l.spend, l.currency)}</td></tr>
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
      <p>{t('toolNotHere', { title, brand: BRAND })}</p>
      {entries.length > 0 && (
        <dl class="ads-facts" aria-label={t('parameters')}>
          {entries.map(([k, v]) => <><dt key={`k${k}`}>{k}</dt><dd key={`v${k}`}>{v}</dd></>)}
        </dl>
      )}
      <p><a href={advertiserLink(id, 'campaigns')}>{t('backToCampaigns')}</a></p>
    </>
  );
}

type Sponsorship = { pin_id: string; state: string; updated_at: number; title: string; description: string; image_url: string | null; pinner_username: string; sponsorshipStatus: number };

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
      <h1>{t('paidPartnerships')}</h1>
      <p>{t('partnershipsIntro')}</p>
      {problem && <p class="error" role="alert">{problem}</p>}
      {!data ? <Loading error={error} /> : data.length === 0 ? <p>{t('noPartnerships')}</p> : (
        <table class="ads-table" aria-label={t('paidPartnerships')}>
          <thead><tr><th>{t('pin')}</th><th>{t('creator')}</th><th>{t('state')}</th><th></th></tr></thead>
          <tbody>
            {data.map((p) => (
              <tr key={p.pin_id}>
                <td><a href={`/pin/${p.pin_id}/`}>{p.title || p.description || t('pinNumbered', { id: p.pin_id })}</a></td>
                <td><a href={`/${p.pinner_username}/`}>@{p.pinner_username}</a></td>
                <td>{wordFor('sponsorship', p.state)}</td>
                <td>
                  {p.state !== 'approved' && <button type="button" class="primary" onClick={() => void decide(p.pin_id, 'approve')}>{t('approve')}</button>}{' '}
                  {p.state !== 'rejected' && <button type="button" class="secondary" onClick={() => void decide(p.pin_id, 'reject')}>{t('reject')}</button>}
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
      <h1>{t('merchantTitle')}</h1>
      {state.merchant_id ? (
        <p role="status">{t('merchantVerified', { url: state.website_url ?? '', id: state.merchant_id })}</p>
      ) : (
        <>
          <p>{t('claimIntro')}</p>
          <form class="ads-form" onSubmit={claim} aria-label={t('claimWebsite')}>
            <label class="field">{t('website')}<input name="website_url" type="url" defaultValue={state.website_url ?? ''} placeholder="https://" /></label>
            <p class="actions"><button type="submit" class="primary" disabled={busy}>{t('getTag')}</button></p>
          </form>
          {(state.meta_tag || advertiser.merchant_claim_pending) && (
            <div>
              {state.meta_tag && <p>{linked((keep) => t('addMetaTag', { url: state.website_url ? new URL('/', state.website_url).href : '', ...keep }), { tag: <code aria-label={t('verificationTag')}>{state.meta_tag}</code> })}</p>}
              <button type="button" class="primary" disabled={busy} onClick={verify}>{t('verifyWebsite')}</button>
            </div>
          )}
        </>
      )}
      {problem && <p class="error" role="alert">{problem}</p>}
    </>
  );
}
