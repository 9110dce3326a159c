import { useEffect, useState } from 'react';
import { getResource, loadPage, ResourceError } from './api';
import { ColourTile } from './Preview';
import type { BoardFeedData, BoardPageData } from './types';
import { BRAND } from './brand';

/** The feed's end marker (saving.md section 4): no more pages after this one. */
const FEED_END = '-end-';

const failure = (e: unknown) => (e instanceof ResourceError ? e.message : 'Sorry! Something went wrong on our end.');
const pinCount = (n: number) => `${n} ${n === 1 ? 'Pin' : 'Pins'}`;

/**
 * /{username}/{slug}/ and /{username}/{slug}/{section}/: a board's name, owner, counts and sections,
 * and its pins as a grid. A board the viewer may not see reads exactly as one that does not exist.
 */
export function BoardPage({ username, slug, sectionSlug }: { username: string; slug: string; sectionSlug?: string }) {
  const [board, setBoard] = useState<BoardPageData | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    loadPage<BoardPageData>('BoardResource', { username, slug, field_set_key: 'board_page' })
      .then(setBoard)
      .catch((e: unknown) => setError(failure(e)));
  }, [username, slug]);

  const section = board && sectionSlug ? board.sections.find((s) => s.slug === sectionSlug) : undefined;
  const missing = error ?? (board && sectionSlug && !section ? "Sorry, we couldn't find that section." : null);
  useEffect(() => {
    if (board && !missing) document.title = `${section ? `${section.title} in ` : ''}${board.name} | ${BRAND}`;
  }, [board, section, missing]);

  if (missing)
    return (
      <main class="page">
        <h1>Not found</h1>
        <p class="error" role="alert">
          {missing}
        </p>
        <p>
          <a href="/">Go to the home page</a>
        </p>
      </main>
    );
  if (!board)
    return (
      <main class="board-page">
        <p class="loading" role="status">
          Loading…
        </p>
      </main>
    );

  const owner = board.owner.full_name || board.owner.username;
  return (
    <main class="board-page">
      <header class="board-header">
        {section && (
          <p class="board-parent">
            <a href={board.url}>{board.name}</a>
          </p>
        )}
        <h1>{section ? section.title : board.name}</h1>
        <p class="board-meta">
          <span>
            by <a href={`/${board.owner.username}/`}>{owner}</a>
          </span>
          <span class="pin-count">{pinCount(section ? section.pin_count : board.pin_count)}</span>
          {board.privacy !== 'public' && <span class="privacy">{board.privacy === 'secret' ? 'Secret board' : 'Protected board'}</span>}
        </p>
        {!section && board.description && <p class="description">{board.description}</p>}
      </header>
      {!section && board.sections.length > 0 && (
        <nav aria-labelledby="board-sections">
          <h2 id="board-sections">Sections</h2>
          <ul class="board-sections">
            {board.sections.map((s) => (
              <li key={s.id}>
                <a href={s.url}>
                  <span class="section-title">{s.title}</span>{' '}
                  <span class="section-count">{pinCount(s.pin_count)}</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <PinGrid boardId={board.id} sectionId={section?.id} />
    </main>
  );
}

/** The board's pins, newest first, a page (25) at a time; 'More Pins' follows the bookmark. */
function PinGrid({ boardId, sectionId }: { boardId: string; sectionId?: string }) {
  const [pins, setPins] = useState<BoardFeedData['pins']>([]);
  const [bookmark, setBookmark] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);

  const load = (from: string | null) => {
    setLoading(true);
    setError(null);
    getResource<BoardFeedData>('BoardFeedResource', { board_id: boardId, section_id: sectionId, bookmark: from ?? undefined })
      .then((page) => {
        setPins((before) => (from ? [...before, ...page.pins] : page.pins));
        setBookmark(page.bookmark);
      })
      .catch((e: unknown) => setError(failure(e)))
      .finally(() => setLoading(false));
  };
  useEffect(() => load(null), [boardId, sectionId]);

  return (
    <section aria-labelledby="board-pins" aria-busy={loading}>
      <h2 id="board-pins" class="visually-hidden">
        Pins
      </h2>
      {pins.length > 0 && (
        <ul class="pin-grid">
          {pins.map((pin) => {
            const image = pin.images?.['236x'];
            const src = image?.url ?? pin.image_url;
            const label = pin.title || pin.description || 'Pin';
            return (
              <li key={pin.id}>
                <a href={`/pin/${pin.id}/`}>
                  {src ? (
                    <img src={src} alt={label} width={image?.width ?? undefined} height={image?.height ?? undefined} loading="lazy" />
                  ) : (
                    // A pin that is only a link: its colour tile, as on its own page.
                    <ColourTile link={pin.link} color={pin.dominant_color} />
                  )}
                </a>
              </li>
            );
          })}
        </ul>
      )}
      {!loading && !error && pins.length === 0 && <p class="empty">No Pins here yet.</p>}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {loading ? (
        <p class="loading" role="status">
          Loading…
        </p>
      ) : (
        bookmark &&
        bookmark !== FEED_END && (
          <p class="actions more">
            <button type="button" class="secondary" onClick={() => load(bookmark)}>
              More Pins
            </button>
          </p>
        )
      )}
    </section>
  );
}
