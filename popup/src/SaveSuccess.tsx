import { useEffect, useState } from 'react';
import { Confetti } from './Confetti';
import type { CreatedPin } from './types';

/** saving.md section 9: the popup's success screen closes itself after 10 seconds. */
export const AUTO_CLOSE_MS = 10_000;
/** saving.md section 2.2: the board-created animation dismisses 2.6 s after it starts. */
export const BOARD_SAVED_ANIMATION_MS = 2_600;

export function savedHeading(pin: CreatedPin, created: boolean, firstPin: boolean): string {
  if (created) return firstPin ? `You saved your first Pin to ${pin.board.name}!` : `You saved this Pin to ${pin.board.name}!`;
  return pin.section ? `Saved to ${pin.section.title} in ${pin.board.name}` : `Saved to ${pin.board.name}`;
}

/**
 * After the save: 'Saved to …' (or, for a board made here, 'Board created' with confetti), 'See it now'
 * and 'Send'. 'Promote your Pin' belongs to the promotion rules of section 2.1, which need the
 * advertiser area; until then promotion is never offered, so 'Send' shows and 'See it now' is red.
 */
export function SaveSuccess({ pin, media, created = false, firstPin = false }: { pin: CreatedPin; media: string; created?: boolean; firstPin?: boolean }) {
  const [animating, setAnimating] = useState(created);
  useEffect(() => {
    const close = setTimeout(() => window.close(), AUTO_CLOSE_MS);
    const settle = setTimeout(() => setAnimating(false), BOARD_SAVED_ANIMATION_MS);
    return () => {
      clearTimeout(close);
      clearTimeout(settle);
    };
  }, []);
  return (
    <section class="success" aria-labelledby="success-heading">
      {created && <Confetti />}
      {created && <p class="success-title">Board created</p>}
      {media && <img class={animating ? 'success-thumb to-board' : 'success-thumb'} src={media} alt="" />}
      <div role="status">
        <h2 id="success-heading">{savedHeading(pin, created, firstPin)}</h2>
      </div>
      <div class="actions">
        <a class="primary" href={`/pin/${pin.id}/`} target="_blank" rel="noopener">
          See it now
        </a>
        <a class="secondary" href={`/pin/${pin.id}/?share=true`} target="_blank" rel="noopener">
          Send
        </a>
      </div>
      <p class="hint">This window closes by itself in 10 seconds.</p>
    </section>
  );
}
