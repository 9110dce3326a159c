import { safeNext } from '../../../api/src/lib/next';
import { CreateBoardForm } from './CreateBoardForm';
import { CreateSectionForm } from './CreateSectionForm';

/**
 * The mobile picker's create pages (saving.md section 2.3): /board/create/ and
 * /board/{id}/create_section/. After creating they return to `next` (same origin only), where the
 * picker now lists the new board or section.
 */
function back(search: string) {
  location.assign(safeNext(new URLSearchParams(search).get('next')));
}

export function BoardCreatePage({ search }: { search: string }) {
  return (
    <main class="page">
      <h1>Create board</h1>
      <CreateBoardForm description="" onCreated={() => back(search)} onCancel={() => back(search)} />
    </main>
  );
}

export function SectionCreatePage({ boardId, search }: { boardId: string; search: string }) {
  return (
    <main class="page">
      <h1>Create section</h1>
      <CreateSectionForm board={{ id: boardId }} media="" onCreated={() => back(search)} />
    </main>
  );
}
