import { NotFoundPage } from '../PageStates';
import { t } from './messages';

/** A path no page of ours takes: the server answered 404 and marked the shell <meta name="not-found">. */
export function PathNotFound() {
  return <NotFoundPage message={t('pageNotFound')} />;
}
