import { useState } from 'react';
import { linked } from '../i18n/linked';
import { formatDay as day } from '../i18n';
import { BRAND } from '../brand';
import { postResource } from '../api';
import { advertiserLink, OBJECTIVES, objectiveLink } from '../../../api/src/advertisers/rules/routes';
import { t } from './messages';
import { money, problem as failure, wordFor } from './words';
import type { AdvertiserData } from './types';
import { useData, Loading } from './useData';
import { statusWord } from './CampaignPages';

/** The advertiser area's pages about the account: its home, billing, partnerships, website claim, and the tools we do not have. */

export function Home({ id, advertiser }: { id: string; advertiser: AdvertiserData }) {
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

export function BillingPage({
  id,
  routeKey,
  campaignId,
}: {
  id: string;
  routeKey: 'billing' | 'billingHistory' | 'billingOrderLines';
  campaignId: string | null;
}) {
  const { data, error } = useData('AdvertiserBillingResource', { advertiser_id: id });
  if (!data) return <Loading error={error} />;
  const lines = campaignId ? data.order_lines.filter((l) => l.id === campaignId) : data.order_lines;
  return (
    <>
      <h1>{t('billing')}</h1>
      <nav class="ads-tabs" aria-label={t('billing')}>
        <a href={advertiserLink(id, 'billing')}>{t('overview')}</a> <a href={advertiserLink(id, 'billingHistory')}>{t('history')}</a>{' '}
        <a href={advertiserLink(id, 'billingOrderLines')}>{t('orderLines')}</a>
      </nav>
      {routeKey === 'billing' && (
        <p>
          {data.billing
            ? t('cardOnFile', {
                brand: data.billing.card_brand,
                last4: data.billing.card_last4,
                holder: data.billing.card_holder,
                currency: data.billing.currency,
              })
            : t('noPaymentMethod')}
        </p>
      )}
      {(routeKey === 'billingHistory' ? data.history : lines).length === 0 ? (
        <p>{t('nothingYet')}</p>
      ) : routeKey === 'billingHistory' ? (
        <table class="ads-table" aria-label={t('billingHistory')}>
          <thead>
            <tr>
              <th>{t('day')}</th>
              <th>{t('spend')}</th>
            </tr>
          </thead>
          <tbody>
            {data.history.map((h) => (
              <tr key={h.day + h.currency}>
                <td>{day(h.day)}</td>
                <td>{money(h.spend, h.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <table class="ads-table" aria-label={t('orderLines')}>
          <thead>
            <tr>
              <th>{t('campaign')}</th>
              <th>{t('status')}</th>
              <th>{t('dailyBudget')}</th>
              <th>{t('dates')}</th>
              <th>{t('spent')}</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l) => (
              <tr key={l.id}>
                <td>{l.name}</td>
                <td>{statusWord(l.status)}</td>
                <td>{money(l.daily_budget, l.currency)}</td>
                <td>
                  {day(l.start_date)} – {l.end_date ? day(l.end_date) : t('ongoing')}
                </td>
                <td>{money(l.spend, l.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

/** An advertiser tool this product does not provide: named, with its parameters, and a way back. */
export function ToolPage({ id, title, params }: { id: string; title: string; params: Record<string, string> }) {
  const entries = Object.entries(params);
  return (
    <>
      <h1>{title}</h1>
      <p>{t('toolNotHere', { title, brand: BRAND })}</p>
      {entries.length > 0 && (
        <dl class="ads-facts" aria-label={t('parameters')}>
          {entries.map(([k, v]) => (
            <>
              <dt key={`k${k}`}>{k}</dt>
              <dd key={`v${k}`}>{v}</dd>
            </>
          ))}
        </dl>
      )}
      <p>
        <a href={advertiserLink(id, 'campaigns')}>{t('backToCampaigns')}</a>
      </p>
    </>
  );
}

/** Paid partnerships creators labelled with this business: approve (the label names the business) or reject. */
export function Sponsorships({ id }: { id: string }) {
  const { data, error, reload } = useData('AdvertiserSponsorshipsResource', { advertiser_id: id });
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
      {problem && (
        <p class="error" role="alert">
          {problem}
        </p>
      )}
      {!data ? (
        <Loading error={error} />
      ) : data.length === 0 ? (
        <p>{t('noPartnerships')}</p>
      ) : (
        <table class="ads-table" aria-label={t('paidPartnerships')}>
          <thead>
            <tr>
              <th>{t('pin')}</th>
              <th>{t('creator')}</th>
              <th>{t('state')}</th>
              <th></th>
            </tr>
          </thead>
          <tbody>
            {data.map((p) => (
              <tr key={p.pin_id}>
                <td>
                  <a href={`/pin/${p.pin_id}/`}>{p.title || p.description || t('pinNumbered', { id: p.pin_id })}</a>
                </td>
                <td>
                  <a href={`/${p.pinner_username}/`}>@{p.pinner_username}</a>
                </td>
                <td>{wordFor('sponsorship', p.state)}</td>
                <td>
                  {p.state !== 'approved' && (
                    <button type="button" class="primary" onClick={() => void decide(p.pin_id, 'approve')}>
                      {t('approve')}
                    </button>
                  )}{' '}
                  {p.state !== 'rejected' && (
                    <button type="button" class="secondary" onClick={() => void decide(p.pin_id, 'reject')}>
                      {t('reject')}
                    </button>
                  )}
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
export function Merchant({ advertiser }: { advertiser: AdvertiserData }) {
  const [state, setState] = useState<{ merchant_id: string | null; website_url: string | null; meta_tag?: string }>({
    merchant_id: advertiser.merchant_id,
    website_url: advertiser.website_url,
  });
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
    void run(async () =>
      setState(await postResource('AdvertiserMerchantResource', 'create', { advertiser_id: advertiser.id, ...(website ? { website_url: website } : {}) })),
    );
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
            <label class="field">
              {t('website')}
              <input name="website_url" type="url" defaultValue={state.website_url ?? ''} placeholder="https://" />
            </label>
            <p class="actions">
              <button type="submit" class="primary" disabled={busy}>
                {t('getTag')}
              </button>
            </p>
          </form>
          {(state.meta_tag || advertiser.merchant_claim_pending) && (
            <div>
              {state.meta_tag && (
                <p>
                  {linked((keep) => t('addMetaTag', { url: state.website_url ? new URL('/', state.website_url).href : '', ...keep }), {
                    tag: <code>{state.meta_tag}</code>,
                  })}
                </p>
              )}
              <button type="button" class="primary" disabled={busy} onClick={verify}>
                {t('verifyWebsite')}
              </button>
            </div>
          )}
        </>
      )}
      {problem && (
        <p class="error" role="alert">
          {problem}
        </p>
      )}
    </>
  );
}
