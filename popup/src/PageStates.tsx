import type { ComponentChildren } from 'preact';
import { t as main } from './i18n';
import { t } from './pages/messages';

/**
 * A page whose thing is not there, or not the viewer's to see (the two read alike): the server's
 * message and the way home. `notice` goes above the heading, `children` between message and way home.
 */
export function NotFoundPage({ message, notice, children }: { message: string; notice?: ComponentChildren; children?: ComponentChildren }) {
  return (
    <main class="page">
      {notice}
      <h1>{t('notFound')}</h1>
      <p class="error" role="alert">
        {message}
      </p>
      {children}
      <p>
        <a href="/">{t('goHome')}</a>
      </p>
    </main>
  );
}

/** A board or profile page while its data is on the way. */
export function PageLoading() {
  return (
    <main class="board-page">
      <p class="loading" role="status">
        {main('common.loading')}
      </p>
    </main>
  );
}
