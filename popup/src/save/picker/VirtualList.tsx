import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/** Rows are this tall (CSS .board-row); long lists render only what is in view. */
export const ROW_HEIGHT = 64;
const OVERSCAN = 8;
/**
 * Below this many rows everything renders. Above it only the rows near the view do: Tab still reaches
 * every row, because focusing the last rendered row scrolls it into view and the window moves on ahead
 * of it. Kept low so a keystroke that leaves a few hundred matches does not lay out all of them.
 */
const WINDOW_FROM = 50;
/**
 * A shorter list's first drawing holds the rows a window this tall can show; the rest follow once that frame
 * is painted. On a cold page each row costs the first drawing half a millisecond or more, so the picker of a 40-board
 * account shows its first screen instead of waiting for the rows below it.
 */
const firstScreenRows = () => Math.ceil(window.innerHeight / ROW_HEIGHT);

export function VirtualList<T>({
  items,
  height,
  render,
  label,
  resetKey,
  onEnd,
}: {
  items: T[];
  height: number;
  render(item: T): ReactNode;
  label: string;
  /** When this changes (a new search), the list starts again from its top. */
  resetKey?: string;
  /** Called when the rows near the end are in view: a paged list asks for its next page. */
  onEnd?: (() => void) | undefined;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const [scroll, setScroll] = useState({ top: 0, key: resetKey });
  const top = scroll.key === resetKey ? scroll.top : 0;
  useLayoutEffect(() => {
    if (scroller.current) scroller.current.scrollTop = 0;
  }, [resetKey]);

  const windowed = items.length >= WINDOW_FROM;
  const first = Math.max(0, Math.floor(top / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(items.length, Math.ceil((top + height) / ROW_HEIGHT) + OVERSCAN);
  const nearEnd = !windowed || last >= items.length - OVERSCAN;
  const [painted, setPainted] = useState(false);
  // Effects run after the browser has painted: the first screen is on it by then.
  useEffect(() => setPainted(true), []);
  useEffect(() => {
    if (nearEnd && onEnd) onEnd();
  }, [nearEnd, items.length, onEnd]);

  if (!windowed) {
    return (
      <ul class="rows" aria-label={label}>
        {(painted ? items : items.slice(0, firstScreenRows())).map((item, i) => (
          <li key={i}>{render(item)}</li>
        ))}
      </ul>
    );
  }
  return (
    <div ref={scroller} class="scroller" style={{ height: `${height}px` }} onScroll={(e) => setScroll({ top: e.currentTarget.scrollTop, key: resetKey })}>
      <ul class="rows" aria-label={label} style={{ height: `${items.length * ROW_HEIGHT}px`, position: 'relative' }}>
        {items.slice(first, last).map((item, i) => (
          // Keyed by place in the whole list, so a focused row keeps its element as the window moves.
          <li
            key={first + i}
            aria-setsize={items.length}
            aria-posinset={first + i + 1}
            style={{ position: 'absolute', top: `${(first + i) * ROW_HEIGHT}px`, left: 0, right: 0 }}
          >
            {render(item)}
          </li>
        ))}
      </ul>
    </div>
  );
}
