import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { t, wordsReady } from '.';

/**
 * A lazy component (a page, an account dialog), shown once its chunk and its words in the reader's
 * language (defineMessages) have come, so it never flashes English first.
 */
export const lazyWithWords = <M, P>(load: () => Promise<M>, pick: (m: M) => ComponentType<P>) =>
  lazy(() => load().then(async (m) => (await wordsReady(), { default: pick(m) })));

/** A lazy component's place while its chunk and words come. */
export const Loading = ({ children }: { children: ReactNode }) => (
  <Suspense
    fallback={
      <p class="loading" role="status">
        {t('common.loading')}
      </p>
    }
  >
    {children}
  </Suspense>
);
