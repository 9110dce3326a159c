import type { PickerBoard } from '../types';
import { Icon } from './Icons';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A picker row: cover, name, pin and section counts, and the secret, group and has-sections icons. */
export function BoardRow({ board, onPick, disabled }: { board: PickerBoard; onPick(board: PickerBoard): void; disabled?: boolean }) {
  return (
    <button type="button" class="board-row" disabled={disabled} onClick={() => onPick(board)}>
      {board.image_cover_url ? <img class="cover" src={board.image_cover_url} alt="" /> : <span class="cover" />}
      <span class="text">
        <span class="name">{board.name}</span>
        <span class="meta">
          {plural(board.pin_count, 'Pin', 'Pins')}
          {board.section_count > 0 && ` · ${plural(board.section_count, 'section', 'sections')}`}
        </span>
      </span>
      <span class="icons">
        {board.privacy === 'secret' && <Icon name="lock" label="Secret board" />}
        {board.is_collaborative && <Icon name="group" label="Group board" />}
        {board.section_count > 0 && <Icon name="sections" label="Has sections" />}
      </span>
    </button>
  );
}
