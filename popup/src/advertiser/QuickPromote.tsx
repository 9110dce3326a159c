import { useState } from 'react';
import { postResource, ResourceError } from '../api';
import { usePin } from '../usePin';
import { COUNTRIES, countryRules } from '../../../api/src/advertisers/rules/countries';
import { formatMoney } from '../../../api/src/advertisers/rules/money';
import { buildPayload, errorArea, type QuickPromoteValues } from '../../../api/src/advertisers/rules/promote';
import { advertiserLink } from '../../../api/src/advertisers/rules/routes';
import { afterFirstStep, closeHistorySteps, firstStep, nextStep, stepsFor, type Step } from '../../../api/src/advertisers/rules/steps';
import { CAMPAIGN_NAME_LIMIT } from '../../../api/src/advertisers/rules/text';
import { postJson } from './api';
import type { AdvertiserData } from './AreaPage';

const message = (e: unknown) => (e instanceof ResourceError ? e.message : 'Sorry! Something went wrong on our end.');

/** Closing steps back 3 when a pin-builder page is in history (we came from one), else 1; a fresh tab goes to the report. */
function close(advertiserId: string) {
  if (history.length <= 1) return location.assign(advertiserLink(advertiserId, 'campaigns'));
  history.go(-closeHistorySteps(/\/pin-builder\/|\/pin\/create\//.test(document.referrer)));
}

/** Quick promote (advertiser.md sections 3-5 and 8): the steps, the forms, the success and error modals. */
export function QuickPromote({ advertiser, pinId }: { advertiser: AdvertiserData; pinId: string | null }) {
  const rules = countryRules(advertiser.country);
  const steps = stepsFor(advertiser.quick_promote_steps, advertiser.country);
  const [step, setStep] = useState<Step | null>(steps[0]!);
  const [setup, setSetup] = useState({ business: advertiser.has_business_info, billing: advertiser.has_billing });
  const [pinError, setPinError] = useState('');
  const [modalError, setModalError] = useState('');
  const [busy, setBusy] = useState(false);
  const [budget, setBudget] = useState(String(rules.suggestedBudget));
  const [campaign, setCampaign] = useState<{ id: string; budget: number } | null>(null);
  const { pin, error } = usePin(pinId ?? '0');

  const advance = (from: Step) => setStep(nextStep(steps, from));
  if (step === null) {
    close(advertiser.id);
    return null;
  }
  if (!pinId) return <p class="error" role="alert">Choose a Pin to promote: open one of your Pins and pick 'Promote'.</p>;

  const submit = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const values: QuickPromoteValues = {
      name: String(form.get('name') ?? ''),
      destination_url: String(form.get('destination_url') ?? ''),
      budget,
      duration: String(form.get('duration') ?? ''),
      inclusive_end_date: String(form.get('inclusive_end_date') ?? ''),
      is_ongoing: form.get('is_ongoing') === 'on',
      advertiser_id: advertiser.id,
      ages: [],
      interests: [],
      genders: form.getAll('genders').map(String),
      ad_type: 'CONSIDERATION',
      selected_ocpm_tag: null,
      isAutoTargeting: true,
    };
    setBusy(true);
    setPinError('');
    try {
      const payload = buildPayload(values, pinId, null, advertiser.country);
      const data = await postJson<{ campaign_id: string; has_business_info: boolean; has_billing: boolean }>(`/ads/v4/advertisers/${advertiser.id}/pins/${pinId}/quick_promote/`, payload);
      setCampaign({ id: data.campaign_id, budget: Number(budget) });
      setSetup({ business: data.has_business_info, billing: data.has_billing });
      setStep(afterFirstStep(step, { hasBusinessInfo: data.has_business_info, hasBilling: data.has_billing, onQuickPromotePage: false }));
    } catch (e) {
      const area = e instanceof ResourceError ? errorArea(e.body.http_status, e.body.message_detail) : 'modal';
      if (area === 'pin') setPinError(message(e));
      else setModalError(message(e));
      setStep(afterFirstStep(step, { errorArea: area, hasBusinessInfo: false, hasBilling: false, onQuickPromotePage: false }));
    } finally {
      setBusy(false);
    }
  };

  const saveProfile = (resource: string, from: Step) => async (event: Event) => {
    event.preventDefault();
    const options = Object.fromEntries(new FormData(event.currentTarget as HTMLFormElement)) as Record<string, string>;
    setBusy(true);
    setModalError('');
    try {
      const data = await postResource<{ has_business_info: boolean; has_billing: boolean }>(resource, 'create', { advertiser_id: advertiser.id, ...options });
      setSetup({ business: data.has_business_info, billing: data.has_billing });
      // With billing already there, business info completes the flow.
      if (from === 'business_form' && data.has_billing) setStep('success');
      else advance(from);
    } catch (e) {
      setModalError(message(e));
    } finally {
      setBusy(false);
    }
  };

  const first = firstStep(steps);
  return (
    <section class="quick-promote" aria-labelledby="qp-title">
      <h1 id="qp-title">Promote your Pin</h1>
      {step === 'consent' && (
        <div role="dialog" aria-modal="true" aria-labelledby="qp-consent" class="ads-modal">
          <h2 id="qp-consent">Your data and ads</h2>
          <p>To promote Pins in {COUNTRIES[advertiser.country] ?? advertiser.country} we process your business's data under the data protection law (GDPR).</p>
          <button type="button" class="primary" onClick={() => advance('consent')}>I agree</button>
        </div>
      )}
      {(step === first || step === 'page') && (
        <form class="ads-form" onSubmit={submit}>
          <div class="qp-pin" aria-label="Pin">
            {pin?.image_url ? <img src={pin.image_url} alt={pin.description || pin.title || 'Pin image'} /> : <p>{error ?? (pin ? pin.link : 'Loading…')}</p>}
            {pinError && <p class="error" role="alert">{pinError}</p>}
          </div>
          <label class="field">
            Campaign name
            <input name="name" required defaultValue={pin?.title || `Promoted Pin ${new Date().toISOString().slice(0, 10)}`} maxLength={200} key={pin?.id} />
            <small>Names over {CAMPAIGN_NAME_LIMIT} characters are shortened.</small>
          </label>
          <label class="field">
            Destination URL
            <input name="destination_url" type="url" required defaultValue={pin?.link ?? ''} key={`${pin?.id}-link`} />
          </label>
          <label class="field">
            Daily budget ({rules.currency})
            <input name="budget" type="number" min={rules.minimumDailyBudget} step="0.01" required value={budget} onInput={(e) => setBudget(e.currentTarget.value)} />
            <small>At least {formatMoney(rules.minimumDailyBudget, rules.currency)} a day; we suggest {formatMoney(rules.suggestedBudget, rules.currency)}.</small>
          </label>
          <label class="field">
            Duration (days)
            <input name="duration" type="number" min={1} max={365} step={1} defaultValue={String(rules.defaultDuration)} />
          </label>
          <label class="field">
            End date (optional)
            <input name="inclusive_end_date" type="date" />
          </label>
          <label class="check">
            <input name="is_ongoing" type="checkbox" /> Run until I stop it
          </label>
          <fieldset class="check">
            <legend>Show to</legend>
            {(['female', 'male', 'unknown'] as const).map((g) => (
              <label key={g}><input type="checkbox" name="genders" value={g} defaultChecked /> {g === 'unknown' ? 'Unspecified' : g === 'female' ? 'Women' : 'Men'}</label>
            ))}
          </fieldset>
          <p class="actions">
            <button type="button" class="secondary" onClick={() => close(advertiser.id)}>Cancel</button>
            <button type="submit" class="primary" disabled={busy}>Promote</button>
          </p>
        </form>
      )}
      {step === 'business_form' && (
        <form class="ads-form" onSubmit={saveProfile('AdvertiserBusinessProfileResource', 'business_form')} aria-labelledby="qp-business">
          <h2 id="qp-business">Your business</h2>
          <label class="field">Business name<input name="business_name" required defaultValue={advertiser.name} maxLength={100} /></label>
          <label class="field">Street address<input name="address_line" required maxLength={200} /></label>
          <label class="field">City<input name="city" required maxLength={100} /></label>
          <label class="field">Postal code<input name="postal_code" required maxLength={20} /></label>
          <label class="field">
            Country
            <select name="country" defaultValue={advertiser.country}>
              {Object.entries(COUNTRIES).map(([code, label]) => <option key={code} value={code}>{label}</option>)}
            </select>
          </label>
          {modalError && <p class="error" role="alert">{modalError}</p>}
          <p class="actions"><button type="submit" class="primary" disabled={busy}>Continue</button></p>
        </form>
      )}
      {step === 'billing_form' && (
        <form class="ads-form" onSubmit={saveProfile('AdvertiserBillingProfileResource', 'billing_form')} aria-labelledby="qp-billing">
          <h2 id="qp-billing">Billing</h2>
          <p>You pay in {rules.currency}. Your card is charged for what your campaigns spend, up to your daily budget.</p>
          <label class="field">Name on card<input name="card_holder" required maxLength={100} autoComplete="cc-name" /></label>
          <label class="field">Card number<input name="card_number" required inputMode="numeric" autoComplete="cc-number" maxLength={30} /></label>
          <label class="field">Expiry (MM/YY)<input name="expiry" required placeholder="MM/YY" autoComplete="cc-exp" maxLength={7} /></label>
          {modalError && <p class="error" role="alert">{modalError}</p>}
          <p class="actions"><button type="submit" class="primary" disabled={busy}>Save and finish</button></p>
        </form>
      )}
      {step === 'success' && (
        <div role="dialog" aria-modal="true" aria-labelledby="qp-success" class="ads-modal">
          <h2 id="qp-success">Your Pin is promoted</h2>
          <p>
            {campaign ? `Daily budget ${formatMoney(campaign.budget, rules.currency)}. ` : ''}
            {setup.billing ? 'Your campaign is running.' : 'Add billing to start your campaign.'}
          </p>
          <p class="actions">
            <a class="primary" href={advertiserLink(advertiser.id, 'campaigns')}>See your campaign</a>
            <button type="button" class="secondary" onClick={() => close(advertiser.id)}>Close</button>
          </p>
        </div>
      )}
      {step === 'error' && (
        <div role="dialog" aria-modal="true" aria-labelledby="qp-error" class="ads-modal">
          <h2 id="qp-error">We couldn't promote your Pin</h2>
          <p class="error">{modalError}</p>
          <p class="actions">
            <button type="button" class="primary" onClick={() => (setModalError(''), setStep(first))}>Try again</button>
            <button type="button" class="secondary" onClick={() => close(advertiser.id)}>Close</button>
          </p>
        </div>
      )}
      {step === 'tag' && (
        <div role="dialog" aria-modal="true" aria-labelledby="qp-tag" class="ads-modal">
          <h2 id="qp-tag">Conversion tag</h2>
          <p>The conversion tag is not part of this product.</p>
          <button type="button" class="secondary" onClick={() => advance('tag')}>Done</button>
        </div>
      )}
    </section>
  );
}
