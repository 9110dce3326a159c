import { useEffect, useRef, useState } from 'react';
import { getResource, postResource, ResourceError } from '../../api';
import { fromEnglish, t as main } from '../../i18n';
import type { ViewerData } from '../../types';
import type { ProfileSettingsAnswer } from '../../../../api/src/users/contract';
import { ABOUT_MAX, NAME_MAX, normaliseWebsite, usernameProblem } from '../../../../api/src/users/rules';
import { t } from './messages';
import { WebsiteClaim } from './WebsiteClaim';

type Profile = ProfileSettingsAnswer;
type Field = 'first_name' | 'username' | 'website_url' | 'photo' | 'form';

/** The server's codes (api/src/lib/errors.contract.ts, 330-332) and the field each belongs under. */
const SERVER_ERRORS: Record<number, [Field, Parameters<typeof t>[0]]> = {
  330: ['username', 'usernameInvalid'],
  331: ['username', 'usernameTaken'],
  332: ['website_url', 'websiteInvalid'],
  291: ['photo', 'photoFailed'],
};

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/**
 * /settings/profile/: name, username (sign-up's rules; the old address redirects), photo
 * through the image pipeline, about and website. /settings/claim/ is the same page opened at the website,
 * which is what the Instagram and website claim reads. A visitor is sent to log in and back here.
 */
export function ProfileSettings({ viewer, claim }: { viewer: ViewerData | null; claim: boolean }) {
  const [profile, setProfile] = useState<Profile | null>(null);
  const [draft, setDraft] = useState<Profile | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const website = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!viewer) return;
    if (viewer.type !== 'AUTH') return location.assign(`/login?next=${encodeURIComponent(location.pathname)}`);
    getResource('UserSettingsResource').then(
      (p) => (setProfile(p), setDraft(p)),
      (e: unknown) => setErrors({ form: e instanceof ResourceError ? fromEnglish(e.message) : main('server.generic') }),
    );
  }, [viewer?.type]);
  useEffect(() => {
    if (claim && draft) website.current?.focus();
  }, [claim, draft !== null]);

  if (!draft || !profile)
    return (
      <main class="settings">
        {errors.form ? (
          <p class="error" role="alert">
            {errors.form}
          </p>
        ) : (
          <p role="status">{main('common.loading')}</p>
        )}
      </main>
    );

  const fail = (e: unknown, fallback: Field = 'form') => {
    const known = e instanceof ResourceError ? SERVER_ERRORS[e.code] : undefined;
    if (known) return setErrors({ [known[0]]: t(known[1]) });
    setErrors({ [fallback]: e instanceof ResourceError ? fromEnglish(e.message) : main('server.generic') });
  };
  // A field's error goes as soon as the field changes: it spoke of the old value.
  const edit = (field: (keyof Profile & Field) | 'last_name' | 'about', value: string) => {
    setDraft({ ...draft, [field]: value });
    setStatus('');
    if (errors[field as Field] || errors.form) setErrors({ ...errors, [field]: undefined, form: undefined });
  };
  const check = (): Partial<Record<Field, string>> => {
    const found: Partial<Record<Field, string>> = {};
    if (!draft.first_name.trim()) found.first_name = t('nameRequired');
    const problem = usernameProblem(draft.username.trim().toLowerCase());
    if (problem) found.username = t(problem === 'reserved' ? 'usernameTaken' : 'usernameInvalid');
    if (normaliseWebsite(draft.website_url) === undefined) found.website_url = t('websiteInvalid');
    return found;
  };
  const save = async (event: Event) => {
    event.preventDefault();
    const found = check();
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const saved = await postResource('UserSettingsResource', 'update', {
        first_name: draft.first_name,
        last_name: draft.last_name,
        username: draft.username,
        about: draft.about,
        website_url: draft.website_url,
      });
      setProfile(saved);
      setDraft(saved);
      setStatus(t('saved'));
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };
  const photo = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setErrors({});
    try {
      const saved = await postResource('UserAvatarResource', 'create', { image_base64: await readAsDataUrl(file) });
      setProfile({ ...profile, image_medium_url: saved.image_medium_url });
      setDraft({ ...draft, image_medium_url: saved.image_medium_url });
      setStatus(t('photoSaved'));
    } catch (e) {
      fail(e, 'photo');
    } finally {
      setBusy(false);
    }
  };
  const removePhoto = async () => {
    setBusy(true);
    try {
      await postResource('UserAvatarResource', 'delete', {});
      setProfile({ ...profile, image_medium_url: null });
      setDraft({ ...draft, image_medium_url: null });
    } catch (e) {
      fail(e, 'photo');
    } finally {
      setBusy(false);
    }
  };
  const error = (field: Field) =>
    errors[field] ? (
      <p class="error" id={`${field}-error`} role="alert">
        {errors[field]}
      </p>
    ) : null;
  const described = (field: Field) => (errors[field] ? { 'aria-describedby': `${field}-error`, 'aria-invalid': true } : {});

  return (
    <main class="settings settings-password">
      <h1>{claim ? t('claimTitle') : t('title')}</h1>
      {claim && <p>{t('claimBody')}</p>}
      <section aria-labelledby="photo-heading">
        <h2 id="photo-heading">{t('photo')}</h2>
        {draft.image_medium_url && <img class="avatar avatar-large" src={draft.image_medium_url} alt={t('photoAlt')} width={72} height={72} />}
        <label for="photo">{t('changePhoto')}</label>
        <input
          id="photo"
          type="file"
          accept="image/*"
          disabled={busy}
          onChange={(e) => void photo((e.currentTarget as HTMLInputElement).files?.[0])}
          {...described('photo')}
        />
        {draft.image_medium_url && (
          <button type="button" class="secondary" disabled={busy} onClick={() => void removePhoto()}>
            {t('removePhoto')}
          </button>
        )}
        {error('photo')}
      </section>
      <form onSubmit={(e) => void save(e)} noValidate>
        <label for="first_name">{t('firstName')}</label>
        <input
          id="first_name"
          value={draft.first_name}
          maxLength={NAME_MAX}
          autoComplete="given-name"
          onInput={(e) => edit('first_name', e.currentTarget.value)}
          {...described('first_name')}
        />
        {error('first_name')}
        <label for="last_name">{t('lastName')}</label>
        <input
          id="last_name"
          value={draft.last_name}
          maxLength={NAME_MAX}
          autoComplete="family-name"
          onInput={(e) => edit('last_name', e.currentTarget.value)}
        />
        <label for="username">{t('username')}</label>
        <input
          id="username"
          value={draft.username}
          maxLength={30}
          autoComplete="username"
          autoCapitalize="none"
          spellcheck={false}
          onInput={(e) => edit('username', e.currentTarget.value)}
          {...described('username')}
        />
        {error('username')}
        <p class="muted">{t('usernameHint', { url: `${location.origin}/${draft.username.trim().toLowerCase()}/` })}</p>
        <label for="about">{t('about')}</label>
        <textarea id="about" value={draft.about} maxLength={ABOUT_MAX} rows={3} onInput={(e) => edit('about', e.currentTarget.value)} />
        <label for="website_url">{t('website')}</label>
        <input
          id="website_url"
          ref={website}
          type="url"
          inputMode="url"
          value={draft.website_url}
          autoComplete="url"
          onInput={(e) => edit('website_url', e.currentTarget.value)}
          {...described('website_url')}
        />
        {error('website_url')}
        {error('form')}
        <button type="submit" class="primary" disabled={busy}>
          {busy ? t('saving') : t('save')}
        </button>
        <p role="status">{status}</p>
      </form>
      <WebsiteClaim website={profile.website_url} />
      <p>
        <a href={`/${profile.username}/`}>{t('viewProfile')}</a> · <a href="/settings/account/">{t('accountSettings')}</a>
      </p>
    </main>
  );
}
