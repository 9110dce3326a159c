import { safeNext } from '../../../../api/src/lib/rules/next';
import { t } from '../../i18n';
import { rememberCreated, type CreatedTarget } from './created';
import { CreateBoardForm } from './CreateBoardForm';
import { CreateSectionForm } from './CreateSectionForm';

/**
 * The mobile picker's create pages: /board/create/ and
 * /board/{id}/create_section/. After creating they return to `next` (same origin only), where the
 * pin is saved to what was just made (picker/created.ts); Cancel returns without a save.
 */
function back(search: string, created?: CreatedTarget) {
  const next = safeNext(new URLSearchParams(search).get('next'));
  if (!created) return location.assign(next);
  rememberCreated(next, created);
  // In place of this page: after the save, the create page goes back two steps to where the user was.
  location.replace(next);
}

export function BoardCreatePage({ search }: { search: string }) {
  return (
    <main class="page">
      <h1>{t('picker.createBoard')}</h1>
      <CreateBoardForm description="" onCreated={(board) => back(search, { boardId: board.id })} onCancel={() => back(search)} />
    </main>
  );
}

export function SectionCreatePage({ boardId, search }: { boardId: string; search: string }) {
  return (
    <main class="page">
      <h1>{t('picker.createSection')}</h1>
      <CreateSectionForm board={{ id: boardId }} media="" onCreated={(section) => back(search, { boardId, sectionId: section.id })} />
    </main>
  );
}
