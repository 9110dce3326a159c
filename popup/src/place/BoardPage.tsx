import { ReportMenu } from '../report/ReportMenu';
import { ModerationMark } from '../report/ModerationMark';
import { useEffect, useState } from 'react';
import { takeOver, useTakeOver } from '../first-screen';
import { boardFeedOptions, boardPageOptions } from '../../../api/src/lib/rules/first-reads';
import { getResource } from '../api';
import { t as main } from '../i18n';
import { linked } from '../i18n/linked';
import { t } from '../pages/messages';
import { BRAND } from '../brand';
import { failure, FeedFooter, pinCount, PinTiles, usePaged } from './Feed';
import { Collaborators, InviteNotice } from './Collaboration';
import { DeleteBoard, OrganiseBar } from './Organise';
import { SectionManage } from './SectionManage';
import { hostOf } from '../save/Preview';
import { NotFoundPage, PageLoading } from '../PageStates';
import { AddSection, BoardSettings } from './board-settings/BoardSettings';
import { FollowBoardButton } from './feed/FollowBoardButton';
import type { BoardPageData, ViewerData } from '../types';

/**
 * /{username}/{slug}/ and /{username}/{slug}/{section}/: a board's name, owner, counts and sections,
 * and its pins as a grid. A board the viewer may not see reads exactly as one that does not exist.
 */
export function BoardPage({
  username,
  slug,
  sectionSlug,
  viewer = null,
}: {
  username: string;
  slug: string;
  sectionSlug?: string;
  viewer?: ViewerData | null;
}) {
  const [board, setBoard] = useState<BoardPageData | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Bumped when an invite is accepted, the settings or sections change, or pins leave: the board is read again.
  const [version, setVersion] = useState(0);
  useEffect(() => {
    setError(null);
    // Not loadPage's redirect home: a board's URL is where an invite mail lands, so a board the viewer may
    // not see (yet) is answered in place, with the invite notice or the way to log in (docs/decisions.md).
    getResource('BoardResource', boardPageOptions(username, slug))
      .then(setBoard)
      .catch((e: unknown) => setError(failure(e)));
  }, [username, slug, version]);
  const me = viewer?.type === 'AUTH' ? viewer.user.id : null;
  const notice = me && <InviteNotice username={username} slug={slug} viewerId={me} onAccepted={() => setVersion((v) => v + 1)} />;

  const section = board && sectionSlug ? board.sections.find((s) => s.slug === sectionSlug) : undefined;
  const missing = error ?? (board && sectionSlug && !section ? t('sectionNotFound') : null);
  // A board that cannot be shown takes the drawn first screen's place at once (the pins take it in PinGrid).
  useEffect(() => {
    if (missing) takeOver();
  }, [missing]);
  useEffect(() => {
    if (board && !missing) document.title = `${section ? t('sectionInBoard', { section: section.title, board: board.name }) : board.name} | ${BRAND}`;
  }, [board, section, missing]);

  if (missing)
    return (
      <NotFoundPage message={missing} notice={notice}>
        {viewer?.type !== 'AUTH' && viewer !== null && (
          // The invite mail links here: an invited person logs in or signs up and comes back to accept.
          <p>
            {linked((slots) => t('invitedHere', slots), {
              logIn: <a href={`/login?next=${encodeURIComponent(location.pathname)}`}>{main('auth.logIn')}</a>,
              signUp: <a href={`/signup?next=${encodeURIComponent(location.pathname)}`}>{main('pages.signUp')}</a>,
            })}
          </p>
        )}
      </NotFoundPage>
    );
  if (!board) return <PageLoading />;

  const owner = board.owner.full_name || board.owner.username;
  const reload = () => setVersion((v) => v + 1);
  // Members (the owner and accepted collaborators) organise the board's pins and its sections.
  const member = me !== null && (me === board.owner.id || board.collaborated_by_me);
  return (
    <main class="board-page">
      {notice}
      <header class="board-header">
        {section && (
          <p class="board-parent">
            <a href={board.url}>{board.name}</a>
          </p>
        )}
        <h1>{section ? section.title : board.name}</h1>
        <p class="board-meta">
          <span>{linked((slots) => t('byOwner', slots), { owner: <a href={`/${board.owner.username}/`}>{owner}</a> })}</span>
          <span class="pin-count">{pinCount(section ? section.pin_count : board.pin_count)}</span>
          {board.privacy !== 'public' && <span class="privacy">{board.privacy === 'secret' ? main('picker.secret') : t('protectedBoard')}</span>}
        </p>
        {!section && board.privacy === 'public' && (
          <p class="board-follow">
            <FollowBoardButton boardId={board.id} boardName={board.name} signedIn={viewer?.type === 'AUTH'} />
          </p>
        )}
        {!section && board.description && <p class="description">{board.description}</p>}
        {!section && board.moderation && <ModerationMark kind="board" id={board.id} moderation={board.moderation} />}
        {!section && me !== board.owner.id && (
          <p class="actions">
            <ReportMenu kind="board" id={board.id} signedIn={viewer?.type === 'AUTH'} onHidden={() => location.assign('/')} />
          </p>
        )}
        {!section && me === board.owner.id && viewer?.type === 'AUTH' && (
          // A block, not a paragraph: the settings form opens in it and takes the whole width.
          <div class="actions profile-actions board-owner-actions">
            <BoardSettings board={board} onChanged={reload} />
            <DeleteBoard boardId={board.id} name={board.name} profile={`/${viewer.user.username}/`} />
          </div>
        )}
        {section && member && <SectionManage key={section.id} section={section} boardUrl={board.url} />}
      </header>
      {!section && member && !board.archived && (
        // A section is added from the board page, the first one included.
        <p class="actions add-section-row">
          <AddSection board={board} onAdded={reload} />
        </p>
      )}
      {!section && board.sections.length > 0 && (
        <nav aria-labelledby="board-sections">
          <h2 id="board-sections">{t('sections')}</h2>
          <ul class="board-sections">
            {board.sections.map((s) => (
              <li key={s.id}>
                <a href={s.url}>
                  <span class="section-title">{s.title}</span> <span class="section-count">{pinCount(s.pin_count)}</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {!section && <Collaborators boardId={board.id} ownerId={board.owner.id} viewer={viewer} member={member} version={version} />}
      <PinGrid boardId={board.id} sectionId={section?.id} canOrganise={member && !board.archived} onChanged={reload} />
    </main>
  );
}

/**
 * The board's pins, newest first, a page (25) at a time; scrolling near the end or 'More Pins' loads
 * the next. Its members may organise: choose pins and move, un-section or delete them (Organise.tsx).
 */
function PinGrid({ boardId, sectionId, canOrganise, onChanged }: { boardId: string; sectionId?: string; canOrganise: boolean; onChanged: () => void }) {
  const feed = usePaged('BoardFeedResource', boardFeedOptions(boardId, sectionId), (page) => page.pins);
  const [organising, setOrganising] = useState(false);
  // The first page drawn takes the place of the first screen the server drew.
  const section = useTakeOver<HTMLElement>(!feed.loading);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const toggle = (id: string) =>
    setSelected((before) => {
      const next = new Set(before);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <section ref={section} aria-labelledby="board-pins" aria-busy={feed.loading}>
      <h2 id="board-pins" class="visually-hidden">
        {t('pins')}
      </h2>
      {canOrganise && feed.items.length > 0 && (
        <p class="actions organise">
          <button type="button" class="secondary" aria-pressed={organising} onClick={() => setOrganising((v) => !v)}>
            {organising ? t('doneOrganising') : t('organise')}
          </button>
        </p>
      )}
      {organising && (
        <OrganiseBar
          boardId={boardId}
          sectionId={sectionId}
          selected={selected}
          pins={feed.items}
          setPins={feed.setItems}
          clear={() => setSelected(new Set())}
          onDone={onChanged}
        />
      )}
      {organising ? (
        <ul class="pin-grid choosing">
          {feed.items.map((pin) => (
            <li key={pin.id}>
              <label>
                <input type="checkbox" checked={selected.has(pin.id)} onChange={() => toggle(pin.id)} />
                {pin.title || pin.description || hostOf(pin.link) || main('pages.pin')}
              </label>
              <PinTiles pins={[pin]} />
            </li>
          ))}
        </ul>
      ) : (
        feed.items.length > 0 && <PinTiles pins={feed.items} />
      )}
      <FeedFooter {...feed} label={t('morePins')} skeleton empty={t('noPinsHere')} count={feed.items.length} />
    </section>
  );
}
