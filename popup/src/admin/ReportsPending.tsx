import { t } from './messages';

/** The reports queue's place in the console until its page lands (sections.tsx names the real one then). */
export function ReportsPending() {
  return <p class="muted">{t('reportsSoon')}</p>;
}
