import type { ComponentChildren } from 'preact';

/** What a list shows when it has nothing yet: a line saying so, and the way to the first one. */
export function EmptyState({ title, children }: { title: string; children?: ComponentChildren }) {
  return (
    <div class="empty-state">
      <h2>{title}</h2>
      {children}
    </div>
  );
}
