import { useEffect, useState } from 'react';
import { FeedFooter, PinTiles, usePaged } from '../Feed';
import type { MineAnswer } from '../../../../api/src/search/contract';
import { SEARCH_QUERY_MAX } from '../../../../api/src/search/rules';
import { t } from './messages';

type MineData = MineAnswer;

/** How long typing rests before a search is sent: a word typed quickly costs one request, not five. */
const TYPING_REST_MS = 200;

/**
 * Search of the viewer's own Pins and boards, as they type: words match the start of words
 * of a Pin's title, description, link, board and section, case and accents ignored; '#tag' a hashtag.
 */
export function MySearch() {
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(typed.trim()), TYPING_REST_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  return (
    <section class="home-section my-search" aria-labelledby="my-search-heading">
      <h2 id="my-search-heading">{t('mineHeading')}</h2>
      <search class="search-form">
        <form onSubmit={(e) => (e.preventDefault(), setQuery(typed.trim()))}>
          <label for="my-search-box">{t('mineLabel')}</label>{' '}
          <input
            id="my-search-box"
            type="search"
            value={typed}
            maxLength={SEARCH_QUERY_MAX}
            autoComplete="off"
            placeholder={t('minePlaceholder')}
            onInput={(e) => setTyped((e.target as HTMLInputElement).value)}
          />
        </form>
      </search>
      {query && <MyResults key={query} query={query} />}
    </section>
  );
}

function MyResults({ query }: { query: string }) {
  const [boards, setBoards] = useState<MineData['boards']>([]);
  const feed = usePaged('SearchMyPinsResource', { q: query }, (page) => {
    // The boards come with the first page only.
    if (page.boards.length) setBoards(page.boards);
    return page.pins;
  });
  return (
    <div aria-live="polite" aria-busy={feed.loading}>
      {boards.length > 0 && (
        <>
          <h3>{t('boardsHeading')}</h3>
          <ul class="search-boards">
            {boards.map((board) => (
              <li key={board.id}>
                <a href={board.url}>{board.name}</a>
              </li>
            ))}
          </ul>
        </>
      )}
      <h3>{t('pinsHeading')}</h3>
      {feed.items.length > 0 && <PinTiles pins={feed.items} />}
      <FeedFooter {...feed} label={t('morePins')} empty={t('noPins', { query })} count={feed.items.length} />
      <p>
        <a href={`/search/pins/?q=${encodeURIComponent(query)}`}>{t('searchEveryone', { query })}</a>
      </p>
    </div>
  );
}
