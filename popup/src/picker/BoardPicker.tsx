import { useEffect, useMemo, useState } from 'react';
import { getResource, ResourceError } from '../api';
import type { PickerBoard, PickerData, SectionData } from '../types';
import { BoardRow } from './BoardRow';
import { CreateBoardForm } from './CreateBoardForm';
import { CreateSectionForm } from './CreateSectionForm';
import { Icon } from './Icons';
import { filterBoards, indexBoards, SINGLE_LIST_MAX } from './search';
import { VirtualList } from './VirtualList';

export interface SaveTarget {
  board: PickerBoard;
  section?: SectionData;
  /** The board was created in this popup: the success screen celebrates it. */
  created?: boolean;
}

type View =
  | { name: 'boards' }
  | { name: 'sections'; board: PickerBoard }
  | { name: 'createBoard' }
  | { name: 'createSection'; board: PickerBoard };

const TITLES: Record<View['name'], string> = {
  boards: 'Choose board',
  sections: 'Choose section',
  createBoard: 'Create board',
  createSection: 'Create section',
};

/** Where Back goes from each view (saving.md section 2.2); from the board list it closes. */
const BACK: Record<View['name'], (view: View) => View | null> = {
  boards: () => null,
  sections: () => ({ name: 'boards' }),
  createBoard: () => ({ name: 'boards' }),
  createSection: (view) => (view.name === 'createSection' ? { name: 'sections', board: view.board } : { name: 'boards' }),
};

const LIST_HEIGHT = 420;

/** Where the mobile create pages come back to: this popup, as it was opened. */
const here = () => location.pathname + location.search;

export const loadPickerBoards = (advertiserId?: string) =>
  getResource<PickerData>('BoardPickerBoardsResource', { field_set_key: 'board_picker', shortlist_suggestions: 2, isDesktop: true, advertiser_id: advertiserId });

/**
 * The board list asked for as the popup opens, beside the viewer check rather than after it;
 * null when it could not be had then (a visitor who logs in first), and the picker asks again.
 */
export const prefetchPickerBoards = (advertiserId?: string): Promise<PickerData | null> => loadPickerBoards(advertiserId).catch(() => null);

/** The board and section picker of the save popup. */
export function BoardPicker({
  media,
  description,
  busy,
  onSave,
  onClose,
  prefetched,
  mobile = false,
  advertiserId,
}: {
  media: string;
  description: string;
  busy: boolean;
  onSave(target: SaveTarget): void;
  onClose(): void;
  prefetched?: Promise<PickerData | null>;
  /** saving.md section 2.3: the full-page picker, whose create buttons lead to their own pages. */
  mobile?: boolean;
  /** saving.md section 6: the advertiser the viewer acts for, when the popup was opened for one. */
  advertiserId?: string;
}) {
  const [data, setData] = useState<PickerData | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [view, setView] = useState<View>({ name: 'boards' });
  const [query, setQuery] = useState('');

  useEffect(() => {
    (prefetched ?? Promise.resolve(null))
      .then((early) => early ?? loadPickerBoards(advertiserId))
      .then(setData)
      .catch((e: unknown) => setLoadError(e instanceof ResourceError ? e.message : 'Could not load your boards.'));
  }, []);

  const index = useMemo(() => indexBoards(data?.all_boards ?? []), [data]);
  const found = useMemo(() => filterBoards(index, query), [index, query]);

  /** A board or section made here joins the lists first, so a failed save leaves a consistent picker. */
  const remember = (board: PickerBoard) => {
    setData((current) => current && { ...current, all_boards: [...current.all_boards.filter((b) => b.id !== board.id), board] });
    return board;
  };
  const sectionCreated = (board: PickerBoard, section: SectionData) => {
    const updated = remember({ ...board, sections: [...board.sections, section], section_count: board.section_count + 1 });
    setView({ name: 'sections', board: updated });
    onSave({ board: updated, section });
  };
  const boardCreated = (board: PickerBoard) => {
    remember(board);
    setView({ name: 'boards' });
    onSave({ board, created: true });
  };

  const pickBoard = (board: PickerBoard) => (board.sections.length > 0 ? setView({ name: 'sections', board }) : onSave({ board }));
  const back = () => {
    const previous = BACK[view.name](view);
    if (previous) setView(previous);
    else onClose();
  };

  const row = (board: PickerBoard) => <BoardRow board={board} onPick={pickBoard} disabled={busy} />;

  let body;
  if (view.name === 'createBoard') {
    const advertiser = data?.advertiser;
    body = (
      <CreateBoardForm description={description} onCancel={back} onCreated={boardCreated} protectedFor={advertiser && !advertiser.is_owner ? advertiser.id : null} />
    );
  } else if (view.name === 'createSection') {
    body = <CreateSectionForm board={view.board} media={media} onCreated={(section) => sectionCreated(view.board, section)} />;
  } else if (view.name === 'sections') {
    const { board } = view;
    body = (
      <>
        <BoardRow board={board} onPick={() => onSave({ board })} disabled={busy} />
        <h3 class="list-heading" id="sections-heading">
          Section
        </h3>
        <ul class="rows" aria-labelledby="sections-heading">
          {board.sections.map((section) => (
            <li key={section.id}>
              <button type="button" class="board-row section-row" disabled={busy} onClick={() => onSave({ board, section })}>
                <span class="cover" />
                <span class="text">
                  <span class="name">{section.title}</span>
                  <span class="meta">
                    {section.pin_count} {section.pin_count === 1 ? 'Pin' : 'Pins'}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
        {mobile ? (
          <a class="primary footer-button" href={`/board/${board.id}/create_section/?next=${encodeURIComponent(here())}`}>
            Create section
          </a>
        ) : (
          <button type="button" class="create-row" onClick={() => setView({ name: 'createSection', board })}>
            <Icon name="plus" /> Create section
          </button>
        )}
      </>
    );
  } else if (loadError) {
    body = (
      <p class="error" role="alert">
        {loadError}
      </p>
    );
  } else if (!data) {
    body = (
      <p class="loading" role="status">
        Loading your boards…
      </p>
    );
  } else {
    const searching = query.trim().length > 0;
    const single = searching || data.all_boards.length <= SINGLE_LIST_MAX;
    body = (
      <>
        <label class="visually-hidden" for="board-search">
          Search your boards
        </label>
        <input id="board-search" class="search" type="search" placeholder="Search" value={query} onInput={(e) => setQuery(e.currentTarget.value)} autocomplete="off" />
        {/* One shape whether searching or not, so a keystroke re-renders the list in place instead of remounting it. */}
        {!single && data.boards_shortlist.length > 0 && (
          <>
            <h3 class="list-heading">Top choices</h3>
            <VirtualList items={data.boards_shortlist} height={LIST_HEIGHT} render={row} label="Top choices" />
          </>
        )}
        {!single && <h3 class="list-heading">All boards</h3>}
        {found.length ? (
          <VirtualList items={found} height={LIST_HEIGHT} render={row} label={searching ? 'Matching boards' : 'All boards'} resetKey={query} />
        ) : (
          <p class="empty">No boards match “{query}”.</p>
        )}
        {mobile ? (
          <a class="primary footer-button" href={`/board/create/?next=${encodeURIComponent(here())}`}>
            Create board
          </a>
        ) : (
          <button type="button" class="create-row" onClick={() => setView({ name: 'createBoard' })}>
            <Icon name="plus" /> Create board
          </button>
        )}
      </>
    );
  }

  return (
    <section class="picker" aria-labelledby="picker-title">
      <header class="picker-header">
        {view.name !== 'boards' && (
          <button type="button" class="icon-button" onClick={back} aria-label="Back">
            <Icon name="back" />
          </button>
        )}
        <h2 id="picker-title">{TITLES[view.name]}</h2>
        {view.name === 'boards' && (
          <button type="button" class="icon-button" onClick={onClose} aria-label={mobile ? 'Cancel' : 'Close'}>
            <Icon name="close" />
          </button>
        )}
      </header>
      {body}
    </section>
  );
}
