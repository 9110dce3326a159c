import { useEffect } from 'react';
import type { CreatedPin } from './types';

/** saving.md section 9: the popup's success screen closes itself after 10 seconds. */
export const AUTO_CLOSE_MS = 10_000;

export function SaveSuccess({ pin }: { pin: CreatedPin }) {
  useEffect(() => {
    const timer = setTimeout(() => window.close(), AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, []);
  const heading = pin.section ? `Saved to ${pin.section.title} in ${pin.board.name}` : `Saved to ${pin.board.name}`;
  return (
    <section class="success" role="status" aria-live="polite">
      <h2>{heading}</h2>
      <a class="primary" href={`/pin/${pin.id}/`} target="_blank" rel="noopener">
        See it now
      </a>
      <p class="hint">This window closes by itself in 10 seconds.</p>
    </section>
  );
}
