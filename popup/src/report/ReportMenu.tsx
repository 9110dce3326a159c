import { useState } from 'react';
import type { ReportKind } from './client';
import { t } from './messages';
import { ReportDialog } from './ReportDialog';

const ITEM = { pin: 'reportPin', board: 'reportBoard', user: 'reportProfile' } as const;

/**
 * The "more actions" menu of a pin, board or profile seen by someone else: its one item, Report, opens the
 * report dialog. A disclosure (a button and the list it shows), so it reads the same to every reader.
 */
export function ReportMenu({ kind, id, signedIn, onHidden }: { kind: ReportKind; id: string; signedIn: boolean; onHidden?(): void }) {
  const [open, setOpen] = useState(false);
  const [reporting, setReporting] = useState(false);
  const menuId = `more-${kind}-${id}`;
  return (
    <div class="more-menu">
      <button type="button" class="secondary" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen(!open)}>
        {t('moreActions')}
      </button>
      {open && (
        <ul id={menuId} class="more-menu-list">
          <li>
            <button
              type="button"
              class="secondary"
              onClick={() => {
                setOpen(false);
                setReporting(true);
              }}
            >
              {t(ITEM[kind])}
            </button>
          </li>
        </ul>
      )}
      {reporting && <ReportDialog kind={kind} id={id} signedIn={signedIn} onClose={() => setReporting(false)} onHidden={onHidden} />}
    </div>
  );
}
