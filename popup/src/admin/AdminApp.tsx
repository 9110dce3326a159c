import { LanguageSelect } from '../i18n/LanguageSelect';
import { Loading } from '../i18n/lazy';
import { SiteHeader } from '../SiteHeader';
import { PathNotFound } from '../site/NotFound';
import { useViewer } from '../useViewer';
import { t } from './messages';
import { ADMIN_SECTIONS, sectionOf } from './sections';

/**
 * The operator console (/admin/): the site header, the section navigation (sections.tsx) and the section's
 * page. The server sends this shell only to an operator whose session passed two-factor (anyone else gets
 * the not-found page); a viewer the API does not call an operator sees the not-found page here too.
 */
export default function AdminApp({ location }: { location: Location }) {
  const viewer = useViewer();
  const path = location.pathname;
  const section = sectionOf(path);
  const known = path === '/admin/' || section !== undefined;
  const admitted = viewer?.type === 'AUTH' && viewer.console === true;
  return (
    <>
      <SiteHeader viewer={viewer} />
      {!viewer ? (
        <p class="loading" role="status">
          {t('title')}
        </p>
      ) : !admitted || !known ? (
        <Loading>
          <PathNotFound />
        </Loading>
      ) : (
        <div class="admin">
          <nav class="admin-nav" aria-label={t('sections')}>
            <ul>
              {ADMIN_SECTIONS.map((entry) => (
                <li key={entry.path}>
                  <a href={entry.path} aria-current={entry === section ? 'page' : undefined}>
                    {t(entry.label)}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <main class="admin-main">
            {section ? (
              <Loading>
                <section.page viewer={viewer} location={location} />
              </Loading>
            ) : (
              <>
                <h1>{t('title')}</h1>
                <p>{t('intro')}</p>
              </>
            )}
          </main>
        </div>
      )}
      <footer class="site-footer">
        <LanguageSelect />
      </footer>
    </>
  );
}
