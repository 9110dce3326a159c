import { useState } from 'react';
import { postResource, ResourceError, v3 } from '../api';
import { oneOf } from '../choice';
import { t as tMain } from '../i18n';
import { usePin } from '../place/usePin';
import { COUNTRIES, countryRules } from '../../../api/src/advertisers/rules/countries';
import {
  AGE_BUCKETS,
  buildPayload,
  CONVERSION_EVENTS,
  errorArea,
  firstFormError,
  GENDERS,
  INTERESTS,
  listed,
  type QuickPromoteValues,
} from '../../../api/src/advertisers/rules/promote';
import { advertiserLink } from '../../../api/src/advertisers/rules/routes';
import { afterFirstStep, campaignStep, closeHistorySteps, nextStep, stepsFor, type Step } from '../../../api/src/advertisers/rules/steps';
import { CAMPAIGN_NAME_LIMIT } from '../../../api/src/advertisers/rules/text';
import { ConversionFields, PinChooser, TagStep } from './QuickPromoteSteps';
import type { AdvertiserData } from './types';
import { t } from './messages';
import { countryName, formCheck, money, problem as message, wordFor } from './words';

/** Closing steps back 3 when a pin-builder page is in history (we came from one), else 1; a fresh tab goes to the report. */
function close(advertiserId: string) {
  if (history.length <= 1) return location.assign(advertiserLink(advertiserId, 'campaigns'));
  history.go(-closeHistorySteps(/\/pin-builder\/|\/pin\/create\//.test(document.referrer)));
}

/** Quick promote: the steps, the forms, the success and error modals. */
export function QuickPromote({ advertiser, pinId }: { advertiser: AdvertiserData; pinId: string | null }) {
  const rules = countryRules(advertiser.country);
  const steps = stepsFor(advertiser.quick_promote_steps, advertiser.country);
  const [step, setStep] = useState<Step | null>(steps[0]!);
  const [setup, setSetup] = useState({ business: advertiser.has_business_info, billing: advertiser.has_billing });
  const [pinError, setPinError] = useState('');
  const [modalError, setModalError] = useState('');
  const [busy, setBusy] = useState(false);
  const [budget, setBudget] = useState(String(rules.suggestedBudget));
  const [campaign, setCampaign] = useState<{ id: string; budget: number; webConversion: boolean } | null>(null);
  const [chosenPin, setChosenPin] = useState(pinId);
  /** The pin picked in the chooser the short reading shows when the link names none (confirmed by Next). */
  const [picked, setPicked] = useState<string | null>(null);
  const [adType, setAdType] = useState<'CONSIDERATION' | 'WEB_CONVERSION'>('CONSIDERATION');
  const { pin, error } = usePin(chosenPin);
  // The fields the pin fills in (its title, its link) wait for it: typed into before it came, they were drawn anew and lost.
  const pinLoading = !pin && !error;

  const advance = (from: Step) => setStep(nextStep(steps, from));
  if (step === null) {
    close(advertiser.id);
    return null;
  }
  const formStep = campaignStep(steps);
  // The short (default) reading's form is its pin selection step: without a pin in the link it asks for one
  // first, as the full reading does in its own step. The full reading picks it in its own step.
  if (!chosenPin && formStep === 'pin_selection' && step === 'pin_selection') {
    return (
      <section class="quick-promote" aria-labelledby="qp-title">
        <h1 id="qp-title">{t('promoteTitle')}</h1>
        <PinChooser chosen={picked} onChoose={setPicked} onNext={() => setChosenPin(picked)} onCancel={() => close(advertiser.id)} />
      </section>
    );
  }
  if (!chosenPin && ((step !== 'pin_selection' && step !== 'consent') || formStep === 'pin_selection'))
    return (
      <p class="error" role="alert">
        {t('choosePinFirst')}
      </p>
    );

  const submit = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const tagId = String(form.get('conversion_tag') ?? '');
    const values: QuickPromoteValues = {
      name: String(form.get('name') ?? ''),
      destination_url: String(form.get('destination_url') ?? ''),
      budget,
      duration: String(form.get('duration') ?? ''),
      inclusive_end_date: String(form.get('inclusive_end_date') ?? ''),
      is_ongoing: form.get('is_ongoing') === 'on',
      advertiser_id: advertiser.id,
      ages: listed(AGE_BUCKETS, form.getAll('ages')),
      interests: listed(INTERESTS, form.getAll('interests')),
      genders: listed(GENDERS, form.getAll('genders')),
      ad_type: adType,
      selected_ocpm_tag:
        adType === 'WEB_CONVERSION' && tagId
          ? { conversionTagId: tagId, conversionEvent: oneOf(CONVERSION_EVENTS, String(form.get('conversion_event') ?? '')) }
          : null,
      isAutoTargeting: form.get('auto_targeting') === 'on',
    };
    const invalid = firstFormError(values, advertiser.country);
    setPinError(invalid ? formCheck(invalid, { country: rules.country, minimum: rules.minimumDailyBudget, currency: rules.currency }) : '');
    if (invalid) return;
    if (!chosenPin) return setPinError(t('choosePinFirst'));
    setBusy(true);
    try {
      const payload = buildPayload(values, chosenPin, null, advertiser.country);
      const data = await v3('/ads/v4/advertisers/{advertiserId}/pins/{pinId}/quick_promote/', {
        path: { advertiserId: advertiser.id, pinId: chosenPin },
        body: payload,
      });
      setCampaign({ id: data.campaign_id, budget: Number(budget), webConversion: adType === 'WEB_CONVERSION' });
      setSetup({ business: data.has_business_info, billing: data.has_billing });
      setStep(afterFirstStep(step, { hasBusinessInfo: data.has_business_info, hasBilling: data.has_billing, onQuickPromotePage: step === 'page' }));
    } catch (e) {
      const area = e instanceof ResourceError ? errorArea(e.body.http_status, e.body.message_detail) : 'modal';
      if (area === 'pin') setPinError(message(e));
      else setModalError(message(e));
      setStep(afterFirstStep(step, { errorArea: area, hasBusinessInfo: false, hasBilling: false, onQuickPromotePage: step === 'page' }));
    } finally {
      setBusy(false);
    }
  };

  // Each form's fields, named as the resource's options; the server checks each one.
  const field = (form: FormData, name: string) => String(form.get(name) ?? '');
  const saveBusiness = (form: FormData) =>
    postResource('AdvertiserBusinessProfileResource', 'create', {
      advertiser_id: advertiser.id,
      business_name: field(form, 'business_name'),
      address_line: field(form, 'address_line'),
      city: field(form, 'city'),
      postal_code: field(form, 'postal_code'),
      country: field(form, 'country'),
    });
  const saveBilling = (form: FormData) =>
    postResource('AdvertiserBillingProfileResource', 'create', {
      advertiser_id: advertiser.id,
      card_holder: field(form, 'card_holder'),
      card_number: field(form, 'card_number'),
      expiry: field(form, 'expiry'),
    });
  const saveProfile = (save: typeof saveBusiness | typeof saveBilling, from: Step) => async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    setBusy(true);
    setModalError('');
    try {
      const data = await save(form);
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

  const saved = campaign !== null && step === 'page';
  return (
    <section class="quick-promote" aria-labelledby="qp-title">
      <h1 id="qp-title">{t('promoteTitle')}</h1>
      {step === 'consent' && (
        <div role="dialog" aria-modal="true" aria-labelledby="qp-consent" class="ads-modal">
          <h2 id="qp-consent">{t('consentTitle')}</h2>
          <p>{t('consentText', { country: countryName(advertiser.country) })}</p>
          <button type="button" class="primary" onClick={() => advance('consent')}>
            {t('agree')}
          </button>
        </div>
      )}
      {step === 'pin_selection' && formStep === 'page' && (
        <PinChooser chosen={chosenPin} onChoose={setChosenPin} onNext={() => advance('pin_selection')} onCancel={() => close(advertiser.id)} />
      )}
      {saved && (
        <section class="ads-form" aria-label={t('quickPromotePage')}>
          <p role="status">{t('campaignSaved')}</p>
          <p class="actions">
            <button type="button" class="primary" onClick={() => advance('page')}>
              {t('continue')}
            </button>
          </p>
        </section>
      )}
      {step === formStep && !saved && (
        <form class="ads-form" onSubmit={submit} noValidate aria-label={step === 'page' ? t('quickPromotePage') : t('promoteThisPin')}>
          <div class="qp-pin">
            {pin?.image_url ? (
              <img src={pin.image_url} alt={pin.description || pin.title || t('pinImage')} />
            ) : (
              <p>{error ?? (pin ? pin.link : tMain('common.loading'))}</p>
            )}
            {pinError && (
              <p class="error" role="alert">
                {pinError}
              </p>
            )}
          </div>
          <label class="field">
            {t('campaignName')}
            <input
              name="name"
              required
              defaultValue={pin?.title || t('defaultCampaignName', { date: new Date().toISOString().slice(0, 10) })}
              maxLength={200}
              key={pin?.id}
              disabled={pinLoading}
            />
            <small>{t('nameLimit', { limit: CAMPAIGN_NAME_LIMIT })}</small>
          </label>
          <label class="field">
            {t('destinationUrl')}
            <input name="destination_url" type="url" required defaultValue={pin?.link ?? ''} key={`${pin?.id}-link`} disabled={pinLoading} />
          </label>
          <label class="field">
            {t('dailyBudgetIn', { currency: rules.currency })}
            <input
              name="budget"
              type="number"
              min={rules.minimumDailyBudget}
              step="0.01"
              required
              value={budget}
              onInput={(e) => setBudget(e.currentTarget.value)}
            />
            <small>
              {t('budgetHint', { minimum: money(rules.minimumDailyBudget, rules.currency), suggested: money(rules.suggestedBudget, rules.currency) })}
            </small>
          </label>
          <label class="field">
            {t('durationDays')}
            <input name="duration" type="number" min={1} max={365} step={1} defaultValue={String(rules.defaultDuration)} />
          </label>
          <label class="field">
            {t('endDateOptional')}
            <input name="inclusive_end_date" type="date" />
          </label>
          <label class="check">
            <input name="is_ongoing" type="checkbox" /> {t('untilStopped')}
          </label>
          <fieldset class="check">
            <legend>{t('showTo')}</legend>
            {GENDERS.map((g) => (
              <label key={g}>
                <input type="checkbox" name="genders" value={g} defaultChecked /> {wordFor('gender', g)}
              </label>
            ))}
          </fieldset>
          <fieldset class="check">
            <legend>{t('agesLegend')}</legend>
            {AGE_BUCKETS.map((a) => (
              <label key={a}>
                <input type="checkbox" name="ages" value={a} /> {a}
              </label>
            ))}
          </fieldset>
          <fieldset class="check">
            <legend>{t('interestsLegend')}</legend>
            {INTERESTS.map((i) => (
              <label key={i}>
                <input type="checkbox" name="interests" value={i} /> {wordFor('interest', i)}
              </label>
            ))}
          </fieldset>
          <label class="check">
            <input name="auto_targeting" type="checkbox" defaultChecked /> {t('automaticTargeting')}
          </label>
          <label class="field">
            {t('goal')}
            <select name="ad_type" value={adType} onChange={(e) => setAdType(e.currentTarget.value as typeof adType)}>
              <option value="CONSIDERATION">{t('goalConsideration')}</option>
              <option value="WEB_CONVERSION">{t('goalWebConversion')}</option>
            </select>
          </label>
          {adType === 'WEB_CONVERSION' && <ConversionFields advertiserId={advertiser.id} />}
          <p class="actions">
            <button type="button" class="secondary" onClick={() => close(advertiser.id)}>
              {tMain('common.cancel')}
            </button>
            <button type="submit" class="primary" disabled={busy}>
              {t('promote')}
            </button>
          </p>
        </form>
      )}
      {step === 'business_form' && (
        <form class="ads-form" onSubmit={saveProfile(saveBusiness, 'business_form')} aria-labelledby="qp-business">
          <h2 id="qp-business">{t('yourBusiness')}</h2>
          <label class="field">
            {t('businessName')}
            <input name="business_name" required defaultValue={advertiser.name} maxLength={100} />
          </label>
          <label class="field">
            {t('streetAddress')}
            <input name="address_line" required maxLength={200} />
          </label>
          <label class="field">
            {t('city')}
            <input name="city" required maxLength={100} />
          </label>
          <label class="field">
            {t('postalCode')}
            <input name="postal_code" required maxLength={20} />
          </label>
          <label class="field">
            {t('country')}
            <select name="country" defaultValue={advertiser.country}>
              {Object.keys(COUNTRIES).map((code) => (
                <option key={code} value={code}>
                  {countryName(code)}
                </option>
              ))}
            </select>
          </label>
          {modalError && (
            <p class="error" role="alert">
              {modalError}
            </p>
          )}
          <p class="actions">
            <button type="submit" class="primary" disabled={busy}>
              {t('continue')}
            </button>
          </p>
        </form>
      )}
      {step === 'billing_form' && (
        <form class="ads-form" onSubmit={saveProfile(saveBilling, 'billing_form')} aria-labelledby="qp-billing">
          <h2 id="qp-billing">{t('billing')}</h2>
          <p>{t('billingIntro', { currency: rules.currency })}</p>
          <label class="field">
            {t('nameOnCard')}
            <input name="card_holder" required maxLength={100} autoComplete="cc-name" />
          </label>
          <label class="field">
            {t('cardNumber')}
            <input name="card_number" required inputMode="numeric" autoComplete="cc-number" maxLength={30} />
          </label>
          <label class="field">
            {t('expiry')}
            <input name="expiry" required placeholder="MM/YY" autoComplete="cc-exp" maxLength={7} />
          </label>
          {modalError && (
            <p class="error" role="alert">
              {modalError}
            </p>
          )}
          <p class="actions">
            <button type="submit" class="primary" disabled={busy}>
              {t('saveAndFinish')}
            </button>
          </p>
        </form>
      )}
      {step === 'success' && (
        <div role="dialog" aria-modal="true" aria-labelledby="qp-success" class="ads-modal">
          <h2 id="qp-success">{t('pinPromoted')}</h2>
          <p>
            {campaign ? `${t('dailyBudgetOf', { amount: money(campaign.budget, rules.currency) })} ` : ''}
            {setup.billing ? t('campaignIsRunning') : t('addBillingToStart')}
          </p>
          <p class="actions">
            <a class="primary" href={advertiserLink(advertiser.id, 'campaigns')}>
              {t('seeCampaign')}
            </a>
            {campaign?.webConversion && steps.includes('tag') && (
              <button type="button" class="secondary" onClick={() => setStep('tag')}>
                {t('setUpTag')}
              </button>
            )}
            <button type="button" class="secondary" onClick={() => close(advertiser.id)}>
              {tMain('common.close')}
            </button>
          </p>
        </div>
      )}
      {step === 'error' && (
        <div role="dialog" aria-modal="true" aria-labelledby="qp-error" class="ads-modal">
          <h2 id="qp-error">{t('couldNotPromote')}</h2>
          <p class="error">{modalError}</p>
          <p class="actions">
            <button type="button" class="primary" onClick={() => (setModalError(''), setStep(formStep))}>
              {t('tryAgain')}
            </button>
            <button type="button" class="secondary" onClick={() => close(advertiser.id)}>
              {tMain('common.close')}
            </button>
          </p>
        </div>
      )}
      {step === 'tag' && campaign && <TagStep advertiserId={advertiser.id} campaignId={campaign.id} onDone={() => advance('tag')} />}
    </section>
  );
}
