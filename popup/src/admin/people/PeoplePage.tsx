import { t } from '../messages';
import type { SectionProps } from '../sections';

/** People: search by email, username or name, and act on an account. */
export function PeoplePage(_props: SectionProps) {
  return <h1>{t('people')}</h1>;
}
