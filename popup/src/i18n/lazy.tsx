import { createElement, lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
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
 * "Loading" and no second render; before, "Loading" stands in its place. Each mounted part keeps its component
 * once it has it, so a drawing of its parent meanwhile never mounts it again (and loses what was typed). A chunk
 * that does not come is said in its place, not thrown at the page, and asked for again by the next part.
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
        started = undefined;
        throw error;
      },
    );
    return started;
  };
  function Part(props: P) {
    const [component, setComponent] = useState<{ is: ComponentType<P> } | 'failed' | undefined>(() => (ready ? { is: ready } : undefined));
    useEffect(() => {
      if (component) return;
      let live = true;
      get().then(
        (is) => live && setComponent({ is }),
        () => live && setComponent('failed'),
      );
      return () => {
        live = false;
      };
    }, []);
    if (component === 'failed')
      return (
        <p class="error" role="alert">
          {t('common.notLoaded')}
        </p>
      );
    return component ? (
      createElement(component.is, props)
    ) : (
      <p class="loading" role="status">
        {t('common.loading')}
      </p>
    );
  }
  return Object.assign(Part, { load: get });
}
