import { useEffect, useState } from 'react';
import { getResource, postResource, ResourceError } from './api';
import { failure } from './Feed';
import type { PickerData, PinData } from './types';

/** saving.md section 8: a busy board answers 2171-2173 with this; other move errors show the server's message. */
const BUSY_CODES = new Set([2171, 2172, 2173]);
const moveError = (e: unknown) => (e instanceof ResourceError && BUSY_CODES.has(e.code) ? 'Please wait until the previous board action finishes.' : failure(e));

/**
 * Organising a board's pins (saving.md sections 4 and 8): choose pins, a board and an optional section,
 * Move. Optimistic: the pins leave the grid at once and come back, with the message, if the server refuses.
 */
export function MoveBar({ boardId, selected, pins, setPins, clear }: { boardId: string; selected: Set<string>; pins: PinData[]; setPins: (pins: PinData[]) => void; clear: () => void }) {
  const [picker, setPicker] = useState<PickerData | null>(null);
  const [target, setTarget] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  useEffect(() => {
    getResource<PickerData>('BoardPickerBoardsResource', {})
      .then(setPicker)
      .catch(() => setPicker(null));
  }, []);

  const move = () => {
    const [toBoard, toSection] = target.split(':');
    if (!toBoard || selected.size === 0) return;
    const ids = [...selected];
    const before = pins;
    setPins(pins.filter((p) => !selected.has(p.id)));
    setError(null);
    setStatus(null);
    postResource('BulkEditSelectAllResource', 'update', { board_id: boardId, new_board_id: toBoard, new_section_id: toSection || null, pin_ids: ids })
      .then(() => {
        setStatus(`Moved ${ids.length} ${ids.length === 1 ? 'Pin' : 'Pins'}.`);
        clear();
      })
      .catch((e: unknown) => {
        setPins(before);
        setError(moveError(e));
      });
  };

  return (
    <div class="move-bar">
      <label for="move-target">Move selected Pins to</label>
      <select id="move-target" value={target} onChange={(e) => setTarget((e.target as HTMLSelectElement).value)}>
        <option value="">Choose a board…</option>
        {/* The picker's first page of boards (its rows carry no sections since the picker pages at scale). */}
        {picker?.all_boards.map((b) => (
          <option key={b.id} value={`${b.id}:`}>
            {b.name}
          </option>
        ))}
      </select>
      <button type="button" class="primary" disabled={!target || selected.size === 0} onClick={move}>
        Move {selected.size > 0 ? selected.size : ''}
      </button>
      {status && <p role="status">{status}</p>}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** Deleting a board (the owner): asked once, then optimistic, back to the profile. */
export function DeleteBoard({ boardId, name, profile }: { boardId: string; name: string; profile: string }) {
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <button type="button" class="secondary" onClick={() => setAsking(true)}>
        Delete board
      </button>
    );
  return (
    <span role="group" aria-label="Delete board" class="follow">
      <span>Delete {name} and its Pins?</span>
      <button
        type="button"
        class="primary"
        onClick={() =>
          postResource('BoardResource', 'delete', { board_id: boardId })
            .then(() => location.assign(profile))
            .catch((e: unknown) => setError(failure(e)))
        }
      >
        Delete
      </button>
      <button type="button" class="secondary" onClick={() => setAsking(false)}>
        Cancel
      </button>
      {error && (
        <span class="error" role="alert">
          {error}
        </span>
      )}
    </span>
  );
}
