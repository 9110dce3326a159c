import { useState } from 'react';
import { postResource, ResourceError } from '../api';
import { safeNext } from '../../../api/src/lib/rules/next';
import { COUNTRIES, DEFAULT_COUNTRY } from '../../../api/src/advertisers/rules/countries';
import { t } from './messages';
import { countryName, problem } from './words';

/** /business/convert/: a personal account becomes a business one, then continues to `next` (same origin only). */
export function Convert({ search }: { search: string }) {
  const next = safeNext(new URLSearchParams(search).get('next'), '/advertiser/');
  const [name, setName] = useState('');
  const [website, setWebsite] = useState('');
  const [country, setCountry] = useState(DEFAULT_COUNTRY);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      await postResource('BusinessConvertResource', 'create', { business_name: name, website_url: website.trim() || null, country });
      location.assign(next);
    } catch (e) {
      if (e instanceof ResourceError && e.body.http_status === 401)
        return location.assign(`/login?next=${encodeURIComponent(location.pathname + location.search)}`);
      setError(problem(e));
      setBusy(false);
    }
  };
  return (
    <main class="page ads">
      <h1>{t('convertTitle')}</h1>
      <p>{t('convertIntro')}</p>
      <form class="ads-form" onSubmit={submit}>
        <label class="field">
          {t('businessName')}
          <input value={name} onInput={(e) => setName(e.currentTarget.value)} required maxLength={100} />
        </label>
        <label class="field">
          {t('websiteOptional')}
          <input type="url" value={website} placeholder="https://" onInput={(e) => setWebsite(e.currentTarget.value)} />
        </label>
        <label class="field">
          {t('country')}
          <select value={country} onChange={(e) => setCountry(e.currentTarget.value)}>
            {Object.keys(COUNTRIES).map((code) => (
              <option value={code} key={code}>
                {countryName(code)}
              </option>
            ))}
          </select>
        </label>
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
        <button class="primary" type="submit" disabled={busy}>
          {t('convertAndContinue')}
        </button>
      </form>
    </main>
  );
}
