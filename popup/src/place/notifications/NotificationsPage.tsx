import { useEffect } from 'react';
import { postResource } from '../../api';
import { FeedFooter, usePaged } from '../Feed';
import { formatDate } from '../../i18n';
import { linked } from '../../i18n/linked';
import { BRAND } from '../../brand';
import type { NotificationsAnswer } from '../../../../api/src/notifications/contract';
import type { ViewerData } from '../../types';
import { t } from './messages';

type Page = NotificationsAnswer;
type Item = Page['notifications'][number];

/** What each kind says; the actor and the board are links inside the sentence, where each language puts them. */
function sentence(n: Item) {
  const actor = <a href={`/${n.actor.username}/`}>{n.actor.full_name || n.actor.username}</a>;
  const board = n.board && <a href={n.board.url}>{n.board.name}</a>;
  switch (n.kind) {
    case 'board_invite':
      return board ? linked((s) => t('invite', s), { actor, board }) : linked((s) => t('inviteNoBoard', s), { actor });
    case 'invite_accepted':
      return board ? linked((s) => t('accepted', s), { actor, board }) : linked((s) => t('acceptedNoBoard', s), { actor });
    case 'new_follower':
      return linked((s) => t('follower', s), { actor });
    case 'pin_saved':
      return board ? linked((s) => t('saved', s), { actor, board }) : linked((s) => t('savedNoBoard', s), { actor });
    // Moderation notices come from the service: no actor is named, only the decision and its reason.
    case 'report_reviewed':
      return t('reviewed');
    case 'moderation_hidden':
      return t(n.pin ? 'hiddenPin' : 'hiddenBoard', { reason: n.note ?? '' });
    case 'moderation_removed':
      return t(n.pin ? 'removedPin' : 'removedBoard', { reason: n.note ?? '' });
    case 'moderation_warned':
      return t('warned', { reason: n.note ?? '' });
    case 'moderation_restored':
      return t(n.pin ? 'restoredPin' : 'restoredBoard', { reason: n.note ?? '' });
    case 'domain_taken':
      return linked((s) => t('domainTaken', { ...s, domain: n.note ?? '' }), { settings: <a href="/settings/profile/">{t('profileSettings')}</a> });
    case 'scheduled_pin_failed':
      return t('scheduledPinFailed');
  }
}

/**
 * /notifications/: the viewer's notifications, newest first, a page at a time. Opening it
 * marks everything read (the header's badge clears); the ones that were unread keep their "New" mark
 * on this visit.
 */
export function NotificationsPage({ viewer }: { viewer: ViewerData | null }) {
  const signedIn = viewer?.type === 'AUTH';
  const feed = usePaged('NotificationsResource', {}, (page) => page.notifications);
  useEffect(() => {
    document.title = `${t('title')} | ${BRAND}`;
  }, []);
  // Once the first page is shown, what it shows has been seen.
  const firstShown = !feed.loading && feed.error === null;
  useEffect(() => {
    if (!signedIn || !firstShown) return;
    postResource('NotificationsResource', 'update', {})
      .then(() => window.dispatchEvent(new Event('corkboard:notifications-read')))
      .catch(() => undefined);
  }, [signedIn, firstShown]);
  if (viewer !== null && !signedIn) {
    location.assign(`/login?next=${encodeURIComponent('/notifications/')}`);
    return null;
  }
  return (
    <main class="notifications-page">
      <h1>{t('title')}</h1>
      {feed.items.length > 0 && (
        <ul class="notifications">
          {feed.items.map((n) => (
            <li key={n.id} class={n.unread ? 'unread' : undefined}>
              {n.unread && <span class="badge">{t('new')}</span>} <span class="text">{sentence(n)}</span>
              {n.kind === 'pin_saved' && n.pin && (
                <>
                  {' '}
                  <a href={n.pin.url}>{t('seePin')}</a>
                </>
              )}
              {n.kind === 'moderation_hidden' && (n.pin ?? n.board) && (
                <>
                  {' '}
                  <a href={(n.pin ?? n.board)!.url}>{t('seeAndAppeal')}</a>
                </>
              )}{' '}
              <time dateTime={new Date(n.created_at).toISOString()}>{formatDate(n.created_at)}</time>
            </li>
          ))}
        </ul>
      )}
      <FeedFooter {...feed} label={t('more')} empty={t('empty')} count={feed.items.length} />
    </main>
  );
}
