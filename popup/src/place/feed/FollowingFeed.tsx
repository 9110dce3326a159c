import { homeFeedOptions } from '../../../../api/src/lib/rules/first-reads';
import { FeedFooter, PinTiles, usePaged } from '../Feed';
import { t } from './messages';
import { useTakeOver } from '../../first-screen';

/** The home feed: the newest Pins on public boards of the people and boards the viewer follows. */
export function FollowingFeed() {
  const feed = usePaged('HomeFeedResource', homeFeedOptions(), (page) => page.pins);
  // The first page drawn takes the place of the first screen the server drew.
  const section = useTakeOver<HTMLElement>(!feed.loading);
  return (
    <section ref={section} class="home-section following-feed" aria-labelledby="following-feed" aria-busy={feed.loading}>
      <h2 id="following-feed">{t('feedHeading')}</h2>
      {feed.items.length > 0 && <PinTiles pins={feed.items} />}
      <FeedFooter {...feed} label={t('morePins')} skeleton empty={t('feedEmpty')} count={feed.items.length} />
    </section>
  );
}
