import type { PickerBoard } from '../../types';
import { t, tn } from '../../i18n';
import { Icon } from '../../Icons';

/** A picker row: cover, name, pin and section counts, and the secret, group and has-sections icons. */
export function BoardRow({ board, onPick, disabled }: { board: PickerBoard; onPick(board: PickerBoard): void; disabled?: boolean }) {
  return (
    <button type="button" class="board-row" disabled={disabled} onClick={() => onPick(board)}>
      {board.image_cover_url ? <img class="cover" src={board.image_cover_url} alt="" /> : <span class="cover" />}
      <span class="text">
        <span class="name">{board.name}</span>
        <span class="meta">
          {tn('picker.pins', board.pin_count)}
          {board.section_count > 0 && ` · ${tn('picker.sections', board.section_count)}`}
        </span>
      </span>
      <span class="icons">
        {board.privacy === 'secret' && <Icon name="lock" label={t('picker.secret')} />}
        {board.is_collaborative && <Icon name="group" label={t('picker.group')} />}
        {board.section_count > 0 && <Icon name="sections" label={t('picker.hasSections')} />}
      </span>
    </button>
  );
}
