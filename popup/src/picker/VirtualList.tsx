import { useState, type ReactNode } from 'react';

/** Rows are this tall (CSS .board-row); long lists render only what is in view. */
export const ROW_HEIGHT = 64;
const OVERSCAN = 8;
/** Below this many rows everything renders, so Tab reaches every row. */
const WINDOW_FROM = 200;

export function VirtualList<T>({ items, height, render, label }: { items: T[]; height: number; render(item: T): ReactNode; label: string }) {
  const [top, setTop] = useState(0);
  if (items.length < WINDOW_FROM) {
    return (
      <ul class="rows" aria-label={label}>
        {items.map((item, i) => (
          <li key={i}>{render(item)}</li>
        ))}
      </ul>
    );
  }
  const first = Math.max(0, Math.floor(top / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(items.length, Math.ceil((top + height) / ROW_HEIGHT) + OVERSCAN);
  return (
    <div class="scroller" style={{ height: `${height}px` }} onScroll={(e) => setTop(e.currentTarget.scrollTop)}>
      <ul class="rows" aria-label={label} style={{ height: `${items.length * ROW_HEIGHT}px`, position: 'relative' }}>
        {items.slice(first, last).map((item, i) => (
          <li key={first + i} style={{ position: 'absolute', top: `${(first + i) * ROW_HEIGHT}px`, left: 0, right: 0 }}>
            {render(item)}
          </li>
        ))}
      </ul>
    </div>
  );
}
