import type { ComponentChildren } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'react';
import { fromEnglish, t, tn } from '../../i18n';
import { getResource, ResourceError } from '../../api';
import { pickerBoardsOptions } from '../../../../api/src/lib/rules/first-reads';
import type { PickerBoard, PickerData, SectionData } from '../../types';
import type { Early } from '../early';
import { BoardRow } from './BoardRow';
import { CreateBoardForm, CreateSectionForm, prefetch } from '../parts';
import { Icon } from '../../Icons';
import { filterBoards, indexBoards, type SearchIndex, SINGLE_LIST_MAX } from './search';
import { VirtualList } from './VirtualList';

export interface SaveTarget {
  board: PickerBoard;
  section?: SectionData;
  /** The board was created in this popup: the success screen celebrates it. */
  created?: boolean;
}

type View =
  | { name: 'boards' }
  /** `sections` is null until the opened board's sections have come. */
  | { name: 'sections'; board: PickerBoard; sections: SectionData[] | null }
  | { name: 'createBoard' }
  | { name: 'createSection'; board: PickerBoard };

const TITLES = {
  boards: 'picker.chooseBoard',
  sections: 'picker.chooseSection',
  createBoard: 'picker.createBoard',
  createSection: 'picker.createSection',
} as const satisfies Record<View['name'], string>;

/** Where Back goes from each view; from the board list it closes. */
const BACK: Record<View['name'], (view: View) => View | null> = {
  boards: () => null,
  sections: () => ({ name: 'boards' }),
  createBoard: () => ({ name: 'boards' }),
  createSection: (view) => (view.name === 'createSection' ? { name: 'sections', board: view.board, sections: null } : { name: 'boards' }),
};

const LIST_HEIGHT = 420;

/** Where the mobile create pages come back to: this popup, as it was opened. */
const here = () => location.pathname + location.search;

/** The first page of the board list, or with a bookmark the next one; with a query, a server search. */
export const loadPickerBoards = (advertiserId?: string, more: { bookmark?: string; query?: string } = {}) =>
  getResource('BoardPickerBoardsResource', pickerBoardsOptions(advertiserId, more));

/** The bookmark that says a list has no next page. */
const END = '-end-';
/** A pause in typing before a large account's search goes to the server. */
const SEARCH_DELAY_MS = 150;

/** A list as far as it has been read: its boards and the bookmark of the next page. */
interface Listing {
  boards: PickerBoard[];
  bookmark: string;
  /** What was searched for ('' for the whole list). */
  query: string;
}

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
  failure = null,
}: {
  media: string;
  description: string;
  busy: boolean;
  onSave(target: SaveTarget): void;
  onClose(): void;
  /** The first page, asked for as the popup opened; drawn at once when it is already in. */
  prefetched?: Early<PickerData | null>;
  /** The full-page picker, whose create buttons lead to their own pages. */
  mobile?: boolean;
  /** The advertiser the viewer acts for, when the popup was opened for one. */
  advertiserId?: string;
  /** A save that failed, shown in place under the title (the mobile picker). */
  failure?: string | null;
}) {
  const [data, setData] = useState<PickerData | null>(() => prefetched?.value ?? null);
  /** The whole list as far as it has been paged. */
  const [listing, setListing] = useState<Listing | null>(() => (data ? { boards: data.all_boards, bookmark: data.bookmark, query: '' } : null));
  /** A server search's results (accounts too large for one answer), as far as paged. */
  const [searched, setSearched] = useState<Listing | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [view, setView] = useState<View>({ name: 'boards' });
  const [query, setQuery] = useState('');
  const paging = useRef(false);

  // The create forms are chunks of their own (save/parts.ts): fetched once the list is drawn, so a click is not slowed.
  useEffect(() => prefetch(CreateBoardForm, CreateSectionForm), []);
  useEffect(() => {
    if (data) return;
    (prefetched?.promise ?? Promise.resolve(null))
      .then((early) => early ?? loadPickerBoards(advertiserId))
      .then((first) => {
        setData(first);
        setListing({ boards: first.all_boards, bookmark: first.bookmark, query: '' });
      })
      .catch((e: unknown) => setLoadError(e instanceof ResourceError ? fromEnglish(e.message) : t('picker.loadError')));
  }, []);

  /** An account whose boards all came in the first answer is searched here, at each keystroke. */
  const whole = data !== null && data.bookmark === END;
  const searching = query.trim().length > 0;
  // Its index is made after the list is painted, not in the first drawing, and kept while the list is the same.
  const indexed = useRef<{ boards: PickerBoard[]; index: SearchIndex<PickerBoard> } | null>(null);
  const indexOf = (boards: PickerBoard[]) => {
    if (indexed.current?.boards !== boards) indexed.current = { boards, index: indexBoards(boards) };
    return indexed.current.index;
  };
  useEffect(() => {
    if (whole && listing) indexOf(listing.boards);
  }, [whole, listing]);
  const found = useMemo(() => (whole && searching && listing ? filterBoards(indexOf(listing.boards), query) : []), [whole, searching, listing, query]);

  // A larger account is searched on the server, once typing pauses; a later answer replaces an earlier one.
  useEffect(() => {
    if (whole || !data || !searching) return setSearched(null);
    let current = true;
    const timer = setTimeout(() => {
      loadPickerBoards(advertiserId, { query })
        .then((page) => current && setSearched({ boards: page.all_boards, bookmark: page.bookmark, query }))
        .catch(() => current && setSearched({ boards: [], bookmark: END, query }));
    }, SEARCH_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [whole, data, query]);

  /** The next page of what is shown, when the list is scrolled near its end. */
  const more = (shown: Listing, set: (update: (current: Listing | null) => Listing | null) => void) => () => {
    if (paging.current || shown.bookmark === END) return;
    paging.current = true;
    loadPickerBoards(advertiserId, { bookmark: shown.bookmark, query: shown.query || undefined })
      .then((page) =>
        set((current) =>
          current && current.bookmark === shown.bookmark && current.query === shown.query
            ? { ...current, boards: [...current.boards, ...page.all_boards], bookmark: page.bookmark }
            : current,
        ),
      )
      .catch(() => undefined)
      .finally(() => {
        paging.current = false;
      });
  };

  /** A board made or changed here joins the list first, so a failed save leaves a consistent picker. */
  const remember = (board: PickerBoard) => {
    setListing((current) => current && { ...current, boards: [board, ...current.boards.filter((b) => b.id !== board.id)] });
    return board;
  };
  const sectionCreated = (board: PickerBoard, sections: SectionData[], section: SectionData) => {
    const updated = remember({ ...board, section_count: board.section_count + 1 });
    setView({ name: 'sections', board: updated, sections: [...sections, section] });
    onSave({ board: updated, section });
  };
  const boardCreated = (board: PickerBoard) => {
    remember(board);
    setView({ name: 'boards' });
    onSave({ board, created: true });
  };

  /** Opening a board with sections asks for them; the board itself can be picked while they come. */
  const openSections = (board: PickerBoard, known: SectionData[] | null = null) => {
    setView({ name: 'sections', board, sections: known });
    if (known) return;
    getResource('BoardSectionsRepinResource', { board_id: board.id })
      .then((sections) => setView((v) => (v.name === 'sections' && v.board.id === board.id ? { ...v, sections } : v)))
      .catch(() => setView((v) => (v.name === 'sections' && v.board.id === board.id ? { ...v, sections: [] } : v)));
  };
  const pickBoard = (board: PickerBoard) => (board.section_count > 0 ? openSections(board) : onSave({ board }));
  const back = () => {
    const previous = BACK[view.name](view);
    if (previous?.name === 'sections') openSections(previous.board, sectionsOf.current.get(previous.board.id) ?? null);
    else if (previous) setView(previous);
    else onClose();
  };

  /** Sections already read, by board: creating a section goes back to a list that has it. */
  const sectionsOf = useRef(new Map<string, SectionData[]>());

  const row = (board: PickerBoard) => <BoardRow board={board} onPick={pickBoard} disabled={busy} />;

  let body: ComponentChildren;
  if (view.name === 'createBoard') {
    const advertiser = data?.advertiser;
    body = <CreateBoardForm description={description} onCancel={back} onCreated={boardCreated} advertiser={advertiser} />;
  } else if (view.name === 'createSection') {
    const { board } = view;
    body = <CreateSectionForm board={board} media={media} onCreated={(section) => sectionCreated(board, sectionsOf.current.get(board.id) ?? [], section)} />;
  } else if (view.name === 'sections') {
    const { board, sections } = view;
    if (sections) sectionsOf.current.set(board.id, sections);
    body = (
      <>
        <BoardRow board={board} onPick={() => onSave({ board })} disabled={busy} />
        <h3 class="list-heading" id="sections-heading">
          {t('picker.sectionHeading')}
        </h3>
        {!sections && (
          <p class="loading" role="status">
            {t('picker.loadingSections')}
          </p>
        )}
        <ul class="rows" aria-labelledby="sections-heading">
          {(sections ?? []).map((section) => (
            <li key={section.id}>
              <button type="button" class="board-row section-row" disabled={busy} onClick={() => onSave({ board, section })}>
                <span class="cover" />
                <span class="text">
                  <span class="name">{section.title}</span>
                  <span class="meta">{tn('picker.pins', section.pin_count)}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
        {mobile ? (
          <a class="primary footer-button" href={`/board/${board.id}/create_section/?next=${encodeURIComponent(here())}`}>
            {t('picker.createSection')}
          </a>
        ) : (
          <button type="button" class="create-row" disabled={!sections} onClick={() => setView({ name: 'createSection', board })}>
            <Icon name="plus" /> {t('picker.createSection')}
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
  } else if (!data || !listing) {
    body = (
      <p class="loading" role="status">
        {t('picker.loadingBoards')}
      </p>
    );
  } else if (!searching && listing.boards.length === 0 && data.boards_shortlist.length === 0) {
    // A new account: nothing to search or pick yet, so the one thing to do is make a board.
    body = (
      <div class="first-board">
        <p class="empty">{t('picker.noBoards')}</p>
        {mobile ? (
          <a class="primary" href={`/board/create/?next=${encodeURIComponent(here())}`}>
            {t('picker.firstBoard')}
          </a>
        ) : (
          <button type="button" class="primary" onClick={() => setView({ name: 'createBoard' })}>
            {t('picker.firstBoard')}
          </button>
        )}
      </div>
    );
  } else {
    const single = searching || (whole && listing.boards.length <= SINGLE_LIST_MAX);
    const shown = !searching ? listing : whole ? { boards: found, bookmark: END, query } : searched;
    const onEnd = !searching ? more(listing, setListing) : whole ? undefined : searched ? more(searched, setSearched) : undefined;
    body = (
      <>
        <label class="visually-hidden" for="board-search">
          {t('picker.searchLabel')}
        </label>
        <input
          id="board-search"
          class="search"
          type="search"
          placeholder={t('picker.search')}
          value={query}
          onInput={(e) => setQuery(e.currentTarget.value)}
          autocomplete="off"
        />
        {/* One shape whether searching or not, so a keystroke re-renders the list in place instead of remounting it. */}
        {!single && data.boards_shortlist.length > 0 && (
          <>
            <h3 class="list-heading">{t('picker.topChoices')}</h3>
            <VirtualList items={data.boards_shortlist} height={LIST_HEIGHT} render={row} label={t('picker.topChoices')} />
          </>
        )}
        {!single && <h3 class="list-heading">{t('picker.allBoards')}</h3>}
        {!shown ? (
          <p class="loading" role="status">
            {t('picker.searching')}
          </p>
        ) : shown.boards.length ? (
          <VirtualList
            items={shown.boards}
            height={LIST_HEIGHT}
            render={row}
            label={searching ? t('picker.matching') : t('picker.allBoards')}
            resetKey={query}
            onEnd={onEnd}
          />
        ) : (
          <p class="empty">{t('picker.noMatch', { query })}</p>
        )}
        {mobile ? (
          <a class="primary footer-button" href={`/board/create/?next=${encodeURIComponent(here())}`}>
            {t('picker.createBoard')}
          </a>
        ) : (
          <button type="button" class="create-row" onClick={() => setView({ name: 'createBoard' })}>
            <Icon name="plus" /> {t('picker.createBoard')}
          </button>
        )}
      </>
    );
  }

  return (
    <section class="picker" aria-labelledby="picker-title">
      <header class="picker-header">
        {view.name !== 'boards' && (
          <button type="button" class="icon-button" onClick={back} aria-label={t('common.back')}>
            <Icon name="back" />
          </button>
        )}
        <h2 id="picker-title">{t(TITLES[view.name])}</h2>
        {view.name === 'boards' && (
          <button type="button" class="icon-button" onClick={onClose} aria-label={mobile ? t('common.cancel') : t('common.close')}>
            <Icon name="close" />
          </button>
        )}
      </header>
      {failure && (
        <p class="error picker-failure" role="alert">
          {failure}
        </p>
      )}
      {body}
    </section>
  );
}
