import { t } from '../i18n';
import type { ComponentChildren } from 'preact';
import type { RecognisedInfo } from '../../../api/src/auth/contract';
import { linkedProviders, PROVIDER_LABELS, type FacebookLoginData, type ProviderName, type ProvidersInfo } from './social';
import { countryFromBrowser } from './modal';

/**
 * The provider buttons of the sign-up and log-in views: a configured provider only, Line only for
 * country JP, each with its tooltip. A provider an experiment turned off still
 * shows; pressing it opens the 'isn't available' modal (docs/decisions.md).
 */
export function SocialButtons({
  providers,
  country,
  onPress,
  noFacebookSignup,
  googleTooltip,
}: {
  providers: ProvidersInfo;
  country: string | null;
  onPress(provider: ProviderName): void;
  noFacebookSignup?: boolean;
  /** A voluntarily deactivated account's server message, on the Google button. */
  googleTooltip?: string;
}) {
  const shown = (['google', 'facebook', 'line'] as const).filter(
    (name) => providers[name].configured && (name !== 'line' || country === 'JP') && !(name === 'facebook' && noFacebookSignup),
  );
  if (!shown.length) return null;
  return (
    <div class="social-buttons">
      {noFacebookSignup && providers.facebook.configured && <p class="hint">{t('auth.facebookNewUsers')}</p>}
      {shown.map((name) => (
        <div key={name} class="social-button">
          <button
            type="button"
            class={`secondary wide social-${name}`}
            title={t('auth.useAccount', { provider: PROVIDER_LABELS[name] })}
            aria-describedby={name === 'google' && googleTooltip ? 'google-tooltip' : undefined}
            onClick={() => onPress(name)}
          >
            {t('auth.continueWith', { provider: PROVIDER_LABELS[name] })}
          </button>
          {name === 'google' && googleTooltip && (
            <p id="google-tooltip" role="tooltip" class="tooltip">
              {googleTooltip}
            </p>
          )}
        </div>
      ))}
    </div>
  );
}

/** Facebook login is retired behind the recovery flag; the banner follows the account's login data. */
export function facebookBannerText(data: FacebookLoginData): string {
  if (data.connected_to_google) return t('auth.facebookUseGoogle');
  if (data.has_password) return t('auth.facebookUsePassword');
  if (data.facebook_only) return t('auth.facebookRecover');
  return t('auth.facebookOther');
}

export function FacebookBanner({ data, onRecover }: { data: FacebookLoginData; onRecover(): void }) {
  return (
    <div class="hint facebook-banner" role="status">
      <p>{facebookBannerText(data)}</p>
      {data.facebook_only && (
        <button type="button" class="link" onClick={onRecover}>
          {t('auth.recoverAccount')}
        </button>
      )}
    </div>
  );
}

/** Google one-tap's prompt: one press to sign in or up with Google; dismissing it is remembered. */
export function OneTapPrompt({ onTap, onDismiss }: { onTap(): void; onDismiss(): void }) {
  return (
    <aside class="one-tap" aria-label={t('auth.oneTap')}>
      <p>{t('auth.oneTapFaster')}</p>
      <div class="actions">
        <button type="button" class="primary" onClick={onTap}>
          {t('auth.oneTapSignIn')}
        </button>
        <button type="button" class="link" onClick={onDismiss}>
          {t('auth.dismiss')}
        </button>
      </div>
    </aside>
  );
}

/**
 * A remembered browser's log-in (the personalized view): who they were, their linked providers, and the password
 * form (`children`) when the account has a password or no linked provider could log it in.
 */
export function RecognisedView({
  recognised,
  providers,
  onPress,
  googleTooltip,
  children,
}: {
  recognised: RecognisedInfo;
  providers: ProvidersInfo;
  onPress(provider: ProviderName): void;
  googleTooltip?: string;
  children: ComponentChildren;
}) {
  const linked = linkedProviders(providers, recognised);
  return (
    <>
      <header class="auth-header">
        {recognised.imageUrl && <img class="avatar avatar-large" src={recognised.imageUrl} alt="" />}
        <h1 id="auth-title">{t('auth.welcomeBackName', { name: recognised.firstName })}</h1>
        <p class="subtitle">{recognised.email}</p>
      </header>
      <SocialButtons providers={linked} country={countryFromBrowser()} onPress={onPress} googleTooltip={googleTooltip} />
      {(recognised.hasPassword || !Object.values(linked).some((p) => p.configured)) && children}
    </>
  );
}

/**
 * What the sign-up and log-in views offer beside their form: Google's one tap (when configured and not dismissed),
 * the retired Facebook log-in's banner, the pending provider link's hint, and the provider buttons.
 */
export function EntryOptions(props: {
  view: 'signup' | 'login';
  providers: ProvidersInfo;
  /** One tap may show here (not dismissed, not while switching accounts). */
  oneTap: boolean;
  facebookData: FacebookLoginData | null;
  pendingLink: ProviderName | null;
  googleTooltip?: string;
  noFacebookSignup: boolean;
  onPress(provider: ProviderName, oneTap?: boolean): void;
  onOneTapDismiss(): void;
  onRecoverFacebook(email: string): void;
}) {
  const { view, providers, facebookData, pendingLink } = props;
  const google = providers.google;
  return (
    <>
      {props.oneTap && google.configured && google.one_tap === true && !google.disabled && (
        <OneTapPrompt onTap={() => props.onPress('google', true)} onDismiss={props.onOneTapDismiss} />
      )}
      {facebookData && view === 'login' && <FacebookBanner data={facebookData} onRecover={() => props.onRecoverFacebook(facebookData.email)} />}
      {pendingLink && view === 'login' && <p class="hint">{t('auth.linkWithPassword', { provider: PROVIDER_LABELS[pendingLink] })}</p>}
      <SocialButtons
        providers={providers}
        country={countryFromBrowser()}
        onPress={(provider) => props.onPress(provider)}
        googleTooltip={props.googleTooltip}
        noFacebookSignup={props.noFacebookSignup}
      />
    </>
  );
}
