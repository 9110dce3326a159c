import { lazyPart } from '../i18n/lazy';

/**
 * The save popup's parts that its first drawing (the picker, with its boards) never shows, each a chunk of its
 * own so the first second downloads and compiles only the picker: the log-in, the create-board and
 * create-section forms, the success screens, the no-image notice. Each is fetched in idle time once the picker
 * is drawn (prefetch), so a click on one is not slowed; the log-in is awaited before a visitor's first drawing.
 */
export const AuthModal = lazyPart(
  () => import('../auth/AuthModal'),
  (m) => m.AuthModal,
);
export const SaveSuccess = lazyPart(
  () => import('./SaveSuccess'),
  (m) => m.SaveSuccess,
);
export const MobileSaved = lazyPart(
  () => import('./MobileSaved'),
  (m) => m.MobileSaved,
);
export const NoImageFound = lazyPart(
  () => import('./NoImageFound'),
  (m) => m.NoImageFound,
);
export const CreateBoardForm = lazyPart(
  () => import('./picker/CreateBoardForm'),
  (m) => m.CreateBoardForm,
);
export const CreateSectionForm = lazyPart(
  () => import('./picker/CreateSectionForm'),
  (m) => m.CreateSectionForm,
);

/** When the page has nothing else to do (a timer where the browser has no idle callback). */
const idle = (run: () => void) => ('requestIdleCallback' in window ? requestIdleCallback(run, { timeout: 2000 }) : setTimeout(run, 200));

/** What a user may click next, fetched once the page has drawn; a failed fetch is tried again at the click. */
export function prefetch(...parts: Array<{ load(): Promise<unknown> }>) {
  idle(() => {
    for (const part of parts) void part.load().catch(() => undefined);
  });
}
