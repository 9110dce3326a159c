import { t } from '../messages';
import type { SectionProps } from '../sections';

/** The audit log, newest first. */
export function AuditPage(_props: SectionProps) {
  return <h1>{t('audit')}</h1>;
}
