import { FeedFooter, PinTiles, usePaged } from '../Feed';
import { SEARCH_QUERY_MAX } from '../../../../api/src/search/rules';
import { t } from './messages';

/**
 * /search/pins/?q=…: public Pins of everyone by words and #hashtags, under the search
 * advisory notice. A form that reloads the page with the new query, so the
 * address is the search and the notice follows it.
 */
export function PublicSearch({ term }: { term: string }) {
  return (
    <>
      <search class="search-form">
        <form method="get" action="/search/pins/">
          <label for="public-search-box">{t('everyoneLabel')}</label>{' '}
          <input id="public-search-box" type="search" name="q" defaultValue={term} maxLength={SEARCH_QUERY_MAX} autoComplete="off" />{' '}
          <button type="submit" class="primary">
            {t('submit')}
          </button>
        </form>
      </search>
      {term ? <PublicResults key={term} term={term} /> : <p>{t('typeToSearch')}</p>}
    </>
  );
}

function PublicResults({ term }: { term: string }) {
  const feed = usePaged('SearchPinsResource', { q: term }, (page) => page.pins);
  return (
    <section aria-labelledby="public-results" aria-busy={feed.loading}>
      <h2 id="public-results">{t('everyoneHeading')}</h2>
      {feed.items.length > 0 && <PinTiles pins={feed.items} />}
      <FeedFooter {...feed} label={t('morePins')} empty={t('noPins', { query: term })} count={feed.items.length} />
    </section>
  );
}
