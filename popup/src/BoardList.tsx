import { useEffect, useState } from 'react';
import { getResource, ResourceError } from './api';
import type { PickerBoard, PickerData } from './types';

/** The boards the viewer can save to; choosing one hands it to onPick. */
export function BoardList({ onPick, disabled }: { onPick(board: PickerBoard): void; disabled: boolean }) {
  const [data, setData] = useState<PickerData | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    getResource<PickerData>('BoardPickerBoardsResource', { field_set_key: 'board_picker', shortlist_suggestions: 2 })
      .then(setData)
      .catch((e: unknown) => setError(e instanceof ResourceError ? e.message : 'Could not load your boards.'));
  }, []);

  if (error) return <p class="error" role="alert">{error}</p>;
  if (!data) return <p class="loading" role="status">Loading your boards…</p>;
  if (data.all_boards.length === 0) return <p>You have no boards yet.</p>;

  return (
    <section aria-labelledby="choose-board">
      <h2 id="choose-board">Choose board</h2>
      <ul class="boards">
        {data.all_boards.map((board) => (
          <li key={board.id}>
            <button type="button" class="board" disabled={disabled} onClick={() => onPick(board)}>
              {board.image_cover_url ? <img class="cover" src={board.image_cover_url} alt="" /> : <span class="cover" />}
              <span class="name">{board.name}</span>
              <span class="meta">
                {board.pin_count} {board.pin_count === 1 ? 'Pin' : 'Pins'}
                {board.privacy === 'secret' && <span class="secret" aria-label="Secret board" title="Secret board">🔒</span>}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
