import type { ComponentChildren } from 'preact';

/** Rows of things (notifications, tokens, invitations): lines between, no bullets; the first cell takes the room. */
export function List({ label, children }: { label?: string; children: ComponentChildren }) {
  return (
    <ul class="list" aria-label={label}>
      {children}
    </ul>
  );
}
