import { createElement, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
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

/**
 * A part of a page that its first drawing does not show, in a chunk of its own: `load` may be started early
 * (prefetched, or awaited before a drawing that needs it). Once it has come the part is drawn at once, with no
 * "Loading" and no second render; before, it is a lazy component in its own Loading place. Each mounted part
 * keeps the way it started, so a drawing of its parent meanwhile never mounts it again (and loses what was typed).
 */
export function lazyPart<M, P extends object>(load: () => Promise<M>, pick: (m: M) => ComponentType<P>) {
  let ready: ComponentType<P> | undefined;
  let started: Promise<ComponentType<P>> | undefined;
  const get = () => {
    started ??= load().then(
      async (m) => {
        await wordsReady();
        ready = pick(m);
        return ready;
      },
      (error: unknown) => {
        // A chunk that did not come (offline for a moment) is asked for again by the next drawing.
        started = undefined;
        throw error;
      },
    );
    return started;
  };
  const Later = lazy(() => get().then((component) => ({ default: component })));
  function Part(props: P) {
    const [now] = useState(() => ready);
    return now ? createElement(now, props) : <Loading>{createElement(Later, props)}</Loading>;
  }
  return Object.assign(Part, { load: get });
}
