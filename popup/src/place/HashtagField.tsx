import { useEffect, useRef, useState } from 'react';
import { HASHTAG_SUGGESTIONS, typedHashtag } from '../../../api/src/pins/rules/hashtags';
import { v3 } from '../api';
import type { RouteAnswer } from '../../../api/src/routes.contract';
import { tn } from '../i18n';
import { t } from '../pages/messages';

type Suggestion = RouteAnswer<'/v3/search/autocomplete/'>[number];

/**
 * A description field that suggests hashtags: typing '#' and a word asks
 * /v3/search/autocomplete/ for at most 5 tags; Up and Down move, Enter picks, Escape closes.
 */
export function HashtagField({ id, value, onChange, maxLength }: { id: string; value: string; onChange: (value: string) => void; maxLength: number }) {
  const [items, setItems] = useState<Suggestion[]>([]);
  const [active, setActive] = useState(-1);
  const [caret, setCaret] = useState(value.length);
  const field = useRef<HTMLTextAreaElement>(null);
  const before = value.slice(0, caret);
  const typed = typedHashtag(before);

  useEffect(() => {
    if (!typed) {
      setItems([]);
      return;
    }
    const abort = new AbortController();
    v3('/v3/search/autocomplete/', { query: { q: `#${typed}`, show_pin_count: 'true' } }, { signal: abort.signal })
      .then((suggestions) => {
        // At most 5, and none without a query.
        setItems(suggestions.filter((s) => s.query).slice(0, HASHTAG_SUGGESTIONS));
        setActive(-1);
      })
      // An aborted call (the next keystroke's) and a failed one leave no suggestions.
      .catch(() => undefined);
    return () => abort.abort();
  }, [typed]);

  const pick = (item: Suggestion) => {
    const start = before.length - (typed?.length ?? 0) - 1;
    const next = `${value.slice(0, start)}${item.query} ${value.slice(caret)}`;
    onChange(next.slice(0, maxLength));
    const at = Math.min(start + item.query.length + 1, maxLength);
    setCaret(at);
    setItems([]);
    requestAnimationFrame(() => field.current?.setSelectionRange(at, at));
  };
  const open = items.length > 0;
  const listId = `${id}-hashtags`;
  return (
    <>
      <textarea
        id={id}
        ref={field}
        value={value}
        maxLength={maxLength}
        aria-autocomplete="list"
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
        onInput={(e) => {
          const el = e.target as HTMLTextAreaElement;
          onChange(el.value);
          setCaret(el.selectionStart ?? el.value.length);
        }}
        onClick={(e) => setCaret((e.target as HTMLTextAreaElement).selectionStart ?? value.length)}
        onKeyDown={(e) => {
          if (!open) return;
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            const step = e.key === 'ArrowDown' ? 1 : -1;
            setActive((a) => (a + step + items.length) % items.length);
          } else if (e.key === 'Enter' && active >= 0) {
            e.preventDefault();
            const item = items[active];
            if (item) pick(item);
          } else if (e.key === 'Escape') {
            e.preventDefault();
            setItems([]);
          }
        }}
      />
      {open && (
        <div id={listId} role="listbox" aria-label={t('hashtags')} class="suggestions">
          {items.map((item, i) => (
            <div
              key={item.query}
              id={`${listId}-${i}`}
              role="option"
              tabIndex={-1}
              aria-selected={i === active}
              onMouseDown={(e) => (e.preventDefault(), pick(item))}
            >
              {item.query}
              {item.pin_count !== undefined && <span class="hint"> {tn('picker.pins', item.pin_count)}</span>}
            </div>
          ))}
        </div>
      )}
    </>
  );
}
