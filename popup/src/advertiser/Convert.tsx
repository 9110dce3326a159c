import { useState } from 'react';
import { postResource, ResourceError } from '../api';
import { safeNext } from '../../../api/src/lib/next';
import { COUNTRIES, DEFAULT_COUNTRY } from '../../../api/src/advertisers/rules/countries';

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
      if (e instanceof ResourceError && e.body.http_status === 401) return location.assign(`/login?next=${encodeURIComponent(location.pathname + location.search)}`);
      setError(e instanceof ResourceError ? e.message : 'Sorry! Something went wrong on our end.');
      setBusy(false);
    }
  };
  return (
    <main class="page ads">
      <h1>Convert to a business account</h1>
      <p>Promote your Pins and see how they do. Your boards and Pins stay as they are.</p>
      <form class="ads-form" onSubmit={submit}>
        <label class="field">
          Business name
          <input value={name} onInput={(e) => setName(e.currentTarget.value)} required maxLength={100} />
        </label>
        <label class="field">
          Website (optional)
          <input type="url" value={website} placeholder="https://" onInput={(e) => setWebsite(e.currentTarget.value)} />
        </label>
        <label class="field">
          Country
          <select value={country} onChange={(e) => setCountry(e.currentTarget.value)}>
            {Object.entries(COUNTRIES).map(([code, label]) => (
              <option value={code} key={code}>
                {label}
              </option>
            ))}
          </select>
        </label>
        {error && <p class="error" role="alert">{error}</p>}
        <button class="primary" type="submit" disabled={busy}>
          Convert and continue
        </button>
      </form>
    </main>
  );
}
