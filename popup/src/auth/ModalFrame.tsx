import { useLayoutEffect, useRef } from 'react';
import { t } from '../i18n';
import { BRAND } from '../brand';
import { TermsFooter } from './TermsFooter';
import { showsPin } from './containers';
import type { AuthModalProps, AuthView } from './modal';

interface Props {
  view: AuthView;
  /** The sign-up and log-in views show the container's header, and under it the business link. */
  header: boolean;
  business?: boolean;
  next?: string;
  /** The Florida teen notice in the terms (experiment fdbr_teen_compliance). */
  florida: boolean;
  onToggle(view: 'login' | 'signup'): void;
  onNotYou(): void;
}

/** Below the modal's form: the log-in / sign-up toggle (or the business page's footer), 'Not you?', the business link and the terms. */
export function ModalFooter({ view, header, business, next, florida, onToggle, onNotYou }: Props) {
  return (
    <>
      {view === 'signup' && (
        <p class="toggle">
          {t('auth.alreadyMember')}{' '}
          <button type="button" class="link" onClick={() => onToggle('login')}>
            {t('auth.logIn')}
          </button>
        </p>
      )}
      {view === 'login' && !business && (
        <p class="toggle">
          {t('auth.notOnYet', { brand: BRAND })}{' '}
          <button type="button" class="link" onClick={() => onToggle('signup')}>
            {t('auth.signUp')}
          </button>
        </p>
      )}
      {view === 'login' && business && (
        <div class="toggle business-footer">
          <p>
            {t('auth.noBusinessAccount')}{' '}
            <a class="link" href={`/signup${next ? `?next=${encodeURIComponent(next)}` : ''}`}>
              {t('auth.createFree')}
            </a>
          </p>
          <button type="button" class="secondary" onClick={() => location.assign('/login')}>
            {t('auth.personalLogIn')}
          </button>
        </div>
      )}
      {view === 'personalized' && (
        <p class="toggle">
          {t('auth.notYou')}{' '}
          <button type="button" class="link" onClick={onNotYou}>
            {t('auth.differentAccount')}
          </button>
        </p>
      )}
      {header && !business && (
        <p class="business">
          <a href={`/business/create/${next ? `?next=${encodeURIComponent(next)}` : ''}`} target="_blank" rel="noopener noreferrer">
            {t('auth.business')}
          </a>
        </p>
      )}
      {view === 'signup' && <TermsFooter florida={florida} />}
    </>
  );
}

/** Above the sign-up and log-in forms: the pin (save, download) or the creator (follow), the container's title and subtitle. */
export function ModalHeader({ container, pinImage, creator, title, subtitle }: AuthModalProps & { title: string; subtitle: string }) {
  return (
    <header class="auth-header">
      {showsPin(container) && pinImage && <img class="auth-pin" src={pinImage} alt="" />}
      {container === 'follow' && creator && (
        <div class="auth-creator">
          {/* Always a face: the creator's picture, or their initial when they have none. */}
          {creator.imageUrl ? (
            <img class="avatar" src={creator.imageUrl} alt="" />
          ) : (
            <span class="avatar avatar-initial" aria-hidden="true">
              {creator.fullName.slice(0, 1).toUpperCase()}
            </span>
          )}
          <span>{creator.fullName}</span>
        </div>
      )}
      <h1 id="auth-title">{title}</h1>
      <p class="subtitle">{subtitle}</p>
    </header>
  );
}

/**
 * The toggle that was pressed leaves with its view: keyboard focus goes to the new form's first control
 * rather than to the page's start. The ref goes on the modal's element; the function is the toggles' action.
 */
export function useToggleFocus(view: AuthView, setView: (view: AuthView) => void) {
  const modal = useRef<HTMLElement>(null);
  const focusForm = useRef(false);
  const toggleTo = (next: 'login' | 'signup') => {
    focusForm.current = true;
    setView(next);
  };
  // Before the browser handles another key, so a key typed right after the toggle lands in the form.
  useLayoutEffect(() => {
    if (!focusForm.current) return;
    focusForm.current = false;
    modal.current?.querySelector<HTMLElement>('form input:not([type=hidden]), form button')?.focus();
  }, [view]);
  return [modal, toggleTo] as const;
}
