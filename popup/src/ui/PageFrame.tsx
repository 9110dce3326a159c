import type { ComponentChildren } from 'preact';
import { SiteHeader } from '../SiteHeader';
import { useViewer } from '../useViewer';

/** A page of any area: the site header, then one main column that never overflows the window. */
export function PageFrame({ narrow, children }: { narrow?: boolean; children: ComponentChildren }) {
  const viewer = useViewer();
  return (
    <>
      <SiteHeader viewer={viewer} />
      <main class={narrow ? 'frame narrow' : 'frame'}>{children}</main>
    </>
  );
}
