import { useState } from 'react';
import { formatDay as day, formatNumber } from '../i18n';
import { postResource } from '../api';
import { GOALS } from '../../../api/src/advertisers/rules/promote';
import { campaignsCsv } from '../../../api/src/advertisers/rules/report';
import { adGroupLink, advertiserLink } from '../../../api/src/advertisers/rules/routes';
import { t } from './messages';
import { money, problem as failure, wordFor } from './words';
import type { Insights, Campaign } from './types';
import { list, useData, Loading } from './useData';

/** The advertiser area's reports: campaigns, their insights, ad groups and ads, and the bulk editor. */

export const statusWord = (value: string) => wordFor('status', value);
const STATUSES = ['ACTIVE', 'PAUSED', 'PENDING_BILLING'] as const;

/** The campaign report: filters and a date range in the address (so a filtered report is a link), its numbers from the recorded ad events. */
export function Campaigns({ id, search, ids }: { id: string; search: URLSearchParams; ids?: string[] }) {
  const pick = (k: string) => search.get(k) || undefined;
  const filter = {
    objective_type: pick('objective_type'),
    status: STATUSES.find((s) => s === search.get('status')),
    query: pick('query'),
    start_date: pick('start_date'),
    end_date: pick('end_date'),
  };
  const { data, error } = useData('AdvertiserCampaignsResource', { advertiser_id: id, campaign_ids: ids, ...filter });
  const range = data?.[0]?.range;
  return (
    <>
      <h1>{filter.objective_type ? t('campaignsOf', { objective: filter.objective_type }) : t('campaigns')}</h1>
      <form class="ads-filters" method="get" aria-label={t('filterCampaigns')}>
        <label>
          {t('nameContains')} <input name="query" defaultValue={filter.query ?? ''} maxLength={100} />
        </label>
        <label>
          {t('status')}
          <select name="status" defaultValue={filter.status ?? ''}>
            <option value="">{t('any')}</option>
            {STATUSES.map((st) => (
              <option key={st} value={st}>
                {statusWord(st)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('objective')}
          <select name="objective_type" defaultValue={filter.objective_type ?? ''}>
            <option value="">{t('any')}</option>
            {GOALS.map((o) => (
              <option key={o} value={o}>
                {wordFor('goal', o)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('from')} <input type="date" name="start_date" defaultValue={filter.start_date ?? ''} />
        </label>
        <label>
          {t('to')} <input type="date" name="end_date" defaultValue={filter.end_date ?? ''} />
        </label>
        <button type="submit" class="secondary">
          {t('apply')}
        </button>
      </form>
      {range && (
        <p class="hint">
          {t('numbersFrom', { start: day(range.start), end: day(range.end) })}{' '}
          <a href={`data:text/csv;charset=utf-8,${encodeURIComponent(campaignsCsv(data ?? []))}`} download={`campaigns-${range.start}-${range.end}.csv`}>
            {t('downloadCsv')}
          </a>
        </p>
      )}
      {!data ? (
        <Loading error={error} />
      ) : data.length === 0 ? (
        <p>{t('noCampaigns')}</p>
      ) : (
        <table class="ads-table" aria-label={t('campaigns')}>
          <thead>
            <tr>
              <th>{t('campaign')}</th>
              <th>{t('status')}</th>
              <th>{t('dailyBudget')}</th>
              <th>{t('start')}</th>
              <th>{t('end')}</th>
              <th>{t('impressions')}</th>
              <th>{t('clicks')}</th>
              <th>{t('spend')}</th>
              <th></th>
            </tr>
          </thead>
          <tbody>
            {data.map((c) => (
              <tr key={c.id}>
                <td>
                  <a href={advertiserLink(id, 'adgroups', { campaignIds: c.id })}>{c.name}</a>
                </td>
                <td>{statusWord(c.status)}</td>
                <td>{money(c.daily_budget, c.currency)}</td>
                <td>{day(c.start_date)}</td>
                <td>{c.is_ongoing ? t('ongoingCapital') : c.end_date ? day(c.end_date) : '—'}</td>
                <td>{formatNumber(c.impressions)}</td>
                <td>{formatNumber(c.clicks)}</td>
                <td>{money(c.spend, c.currency)}</td>
                <td>
                  <a href={advertiserLink(id, 'adsEdit', { view: 'campaign', campaignId: c.id })}>{t('edit')}</a>{' '}
                  <a href={advertiserLink(id, 'campaignInsights', { campaignId: c.id, start_date: filter.start_date, end_date: filter.end_date })}>
                    {t('insights')}
                  </a>
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
export function CampaignInsights({ id, campaignId, search }: { id: string; campaignId: string; search: URLSearchParams }) {
  const pick = (k: string) => search.get(k) || undefined;
  const q = { start_date: pick('start_date'), end_date: pick('end_date'), comp_start_date: pick('comp_start_date'), comp_end_date: pick('comp_end_date') };
  const { data, error } = useData('CampaignInsightsResource', { advertiser_id: id, campaign_id: campaignId, ...q });
  if (!data) return <Loading error={error} />;
  const { campaign, current, comparison } = data;
  const totals = (label: string, range: Insights['current']) => (
    <tr key={label}>
      <th scope="row">{t('rangeDates', { label, start: day(range.start), end: day(range.end) })}</th>
      <td>{formatNumber(range.total.impressions)}</td>
      <td>{formatNumber(range.total.clicks)}</td>
      <td>{money(range.total.spend, campaign.currency)}</td>
    </tr>
  );
  return (
    <>
      <h1>{t('insightsOf', { name: campaign.name })}</h1>
      <form class="ads-filters" method="get" aria-label={t('dateRanges')}>
        <label>
          {t('from')} <input type="date" name="start_date" defaultValue={q.start_date ?? current.start} />
        </label>
        <label>
          {t('to')} <input type="date" name="end_date" defaultValue={q.end_date ?? current.end} />
        </label>
        <label>
          {t('compareFrom')} <input type="date" name="comp_start_date" defaultValue={q.comp_start_date ?? ''} />
        </label>
        <label>
          {t('compareTo')} <input type="date" name="comp_end_date" defaultValue={q.comp_end_date ?? ''} />
        </label>
        <button type="submit" class="secondary">
          {t('apply')}
        </button>
      </form>
      <table class="ads-table" aria-label={t('totals')}>
        <thead>
          <tr>
            <th>{t('range')}</th>
            <th>{t('impressions')}</th>
            <th>{t('clicks')}</th>
            <th>{t('spend')}</th>
          </tr>
        </thead>
        <tbody>{[totals(t('thisRange'), current), ...(comparison ? [totals(t('comparison'), comparison)] : [])]}</tbody>
      </table>
      <table class="ads-table" aria-label={t('byDay')}>
        <thead>
          <tr>
            <th>{t('day')}</th>
            <th>{t('impressions')}</th>
            <th>{t('clicks')}</th>
            <th>{t('spend')}</th>
          </tr>
        </thead>
        <tbody>
          {current.days.length === 0 && (
            <tr>
              <td colSpan={4}>{t('noActivity')}</td>
            </tr>
          )}
          {current.days.map((d) => (
            <tr key={d.day}>
              <td>{day(d.day)}</td>
              <td>{formatNumber(d.impressions)}</td>
              <td>{formatNumber(d.clicks)}</td>
              <td>{money(d.spend, campaign.currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

export function AdGroups({ id, campaignIds, adGroupIds, message }: { id: string; campaignIds?: string[]; adGroupIds?: string[]; message: string | null }) {
  const { data, error } = useData('AdvertiserAdGroupsResource', { advertiser_id: id, campaign_ids: campaignIds, ad_group_ids: adGroupIds });
  return (
    <>
      <h1>{t('adGroups')}</h1>
      {message && <p role="status">{message}</p>}
      {!data ? (
        <Loading error={error} />
      ) : data.length === 0 ? (
        <p>{t('nothingYet')}</p>
      ) : (
        <table class="ads-table" aria-label={t('adGroups')}>
          <thead>
            <tr>
              <th>{t('adGroup')}</th>
              <th>{t('campaign')}</th>
              <th>{t('targeting')}</th>
              <th>{t('dailyBudget')}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((g) => (
              <tr key={g.id}>
                <td>
                  <a href={adGroupLink(id, g.id, g.objective_type)}>{g.name}</a>
                </td>
                <td>
                  <a href={advertiserLink(id, 'adsEdit', { view: 'campaign', campaignId: g.campaign_id })}>{g.campaign_name}</a>
                </td>
                <td>
                  {[targetingText(g.targeting_spec as Targeting, g.auto_targeting), goalText(g.objective_type, g.optimization_goal_metadata as Goal)]
                    .filter(Boolean)
                    .join('. ')}
                </td>
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
  objective === 'WEB_CONVERSION' && goal
    ? t('webConversionGoal', {
        tag: goal.conversion_tag_v3_goal_metadata.conversion_tag_id,
        event: wordFor('event', goal.conversion_tag_v3_goal_metadata.conversion_event),
      })
    : '';

export function Ads({ id, ids }: { id: string; ids?: string[] }) {
  const { data, error } = useData('AdvertiserAdsResource', { advertiser_id: id, pin_promotion_ids: ids });
  return (
    <>
      <h1>{t('ads')}</h1>
      {!data ? (
        <Loading error={error} />
      ) : data.length === 0 ? (
        <p>{t('nothingYet')}</p>
      ) : (
        <table class="ads-table" aria-label={t('ads')}>
          <thead>
            <tr>
              <th>{t('pin')}</th>
              <th>{t('campaign')}</th>
              <th>{t('destination')}</th>
              <th>{t('status')}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((a) => (
              <tr key={a.id}>
                <td>{a.pin_id ? <a href={`/pin/${a.pin_id}/`}>{a.title || t('pinNumbered', { id: a.pin_id })}</a> : '—'}</td>
                <td>
                  <a href={advertiserLink(id, 'adsEdit', { view: 'ad', pinPromotionId: a.id })}>{a.campaign_name}</a>
                </td>
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
export function EditView({ id, view, search }: { id: string; view: string; search: URLSearchParams }) {
  const campaignId = search.get('campaignId');
  const campaigns = useData('AdvertiserCampaignsResource', { advertiser_id: id, campaign_ids: campaignId ? [campaignId] : undefined });
  const [edited, setEdited] = useState<Campaign | null>(null);
  const [status, setStatus] = useState({ error: '', saved: '' });
  if (!['campaign', 'adgroup', 'ad'].includes(view))
    return (
      <p class="error" role="alert">
        {t('chooseView')}
      </p>
    );
  if (view !== 'campaign') return <Ads id={id} ids={list(search.get('pinPromotionId'))} />;
  if (!campaigns.data) return <Loading error={campaigns.error} />;
  const c = edited ?? (campaignId ? campaigns.data[0] : undefined);
  if (!c)
    return (
      <p class="error" role="alert">
        {t('campaignNotFound')}
      </p>
    );
  const save = async (change: Record<string, unknown>, what: string) => {
    setStatus({ error: '', saved: '' });
    try {
      setEdited(await postResource('AdvertiserCampaignResource', 'update', { advertiser_id: id, campaign_id: c.id, ...change }));
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
        <dt>{t('status')}</dt>
        <dd>{statusWord(c.status)}</dd>
        <dt>{t('objective')}</dt>
        <dd>{c.objective_type}</dd>
        <dt>{t('dailyBudget')}</dt>
        <dd>{money(c.daily_budget, c.currency)}</dd>
        <dt>{t('dates')}</dt>
        <dd>
          {day(c.start_date)} – {c.is_ongoing ? t('ongoing') : c.end_date ? day(c.end_date) : '—'}
        </dd>
      </dl>
      {c.status === 'ACTIVE' && (
        <button type="button" class="secondary" onClick={() => void save({ status: 'PAUSED' }, t('campaignPaused'))}>
          {t('pauseCampaign')}
        </button>
      )}
      {c.status === 'PAUSED' && (
        <button type="button" class="primary" onClick={() => void save({ status: 'ACTIVE' }, t('campaignRunning'))}>
          {t('runCampaign')}
        </button>
      )}
      <form class="ads-form" onSubmit={onSchedule} aria-label={t('budgetAndSchedule')} key={`${c.daily_budget}-${c.end_date}-${c.is_ongoing}`}>
        <label class="field">
          {t('dailyBudgetIn', { currency: c.currency })}
          <input name="daily_budget" type="number" step="0.01" min="0" required defaultValue={String(c.daily_budget)} />
        </label>
        <label class="field">
          {t('endDate')}
          <input name="inclusive_end_date" type="date" defaultValue={c.end_date ?? ''} />
        </label>
        <label class="check">
          <input name="is_ongoing" type="checkbox" defaultChecked={c.is_ongoing} /> {t('untilStopped')}
        </label>
        <p class="actions">
          <button type="submit" class="primary">
            {t('saveChanges')}
          </button>
        </p>
      </form>
      {status.error && (
        <p class="error" role="alert">
          {status.error}
        </p>
      )}
      {status.saved && <p role="status">{status.saved}</p>}
      <p>
        <a href={c.billing_url}>{t('campaignBilling')}</a> · <a href={advertiserLink(id, 'campaignInsights', { campaignId: c.id })}>{t('insights')}</a>
      </p>
    </>
  );
}
