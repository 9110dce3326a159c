import { useEffect, useState } from 'react';
import { DECISIONS, type Decision } from '../../../../api/src/reports/rules';
import { formatDate } from '../../i18n';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { Toast } from '../../ui/Toast';
import { t as reportWord, type ReportWord } from '../../report/messages';
import { t } from '../messages';
import type { SectionProps } from '../sections';
import { loadQueue, type QueueItem } from './api';
import { DecisionDialog } from './DecisionDialog';

/** How long the "decided" line stays. */
const DONE_MS = 4000;

/** A decision on an account cannot be made on a profile that is gone; hide, remove and restore are for pins and boards. */
const decisionsFor = (item: QueueItem): Decision[] =>
  DECISIONS.filter((d) => (item.object_kind === 'user' ? d !== 'hide' && d !== 'remove' && d !== 'restore' : true))
    // Restore is for what is hidden or removed now (an appeal); hide is for what is shown.
    .filter((d) => (d === 'restore' ? item.hidden !== null : d === 'hide' ? item.hidden !== 'hidden' : true))
    .filter((d) => item.owner_username !== null || d === 'dismiss' || d === 'hide' || d === 'remove');

/**
 * The reports queue: every object with open reports or an appeal, most-reported first then newest (the
 * server's order), shown as its owner and viewers see it, with its reasons and notes and the five decisions.
 */
export function ReportsPage(_props: SectionProps) {
  const [items, setItems] = useState<QueueItem[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [open, setOpen] = useState<{ item: QueueItem; decision: Decision } | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const reload = () =>
    loadQueue()
      .then((answer) => setItems(answer.items))
      .catch((error: Error) => setFailed(error.message));
  useEffect(() => {
    void reload();
  }, []);

  return (
    <>
      <h1>{t('reports')}</h1>
      <p>{t('queueIntro')}</p>
      {failed && <p role="alert">{failed}</p>}
      {items === null && !failed && <p role="status">{t('title')}…</p>}
      {items?.length === 0 && <EmptyState title={t('queueEmpty')} />}
      {items && items.length > 0 && (
        <ul class="report-queue" aria-label={t('queueList')}>
          {items.map((item) => (
            <li key={`${item.object_kind}:${item.object_id}`} class="report-item">
              <article aria-labelledby={`report-${item.object_id}`}>
                <div class="report-object">
                  {item.image_url && <img src={item.image_url} alt="" width={118} loading="lazy" />}
                  <div>
                    <h2 id={`report-${item.object_id}`}>
                      {t(`kind_${item.object_kind}`)}: {item.url ? <a href={item.url}>{item.title || item.object_id}</a> : (item.title ?? t('objectGone'))}
                    </h2>
                    {item.owner_username && <p>{t('byOwner', { owner: item.owner_username })}</p>}
                    <p>
                      {t('openReports', { count: item.open_reports })}
                      {item.appeals > 0 && <strong class="report-appealed"> · {t('appealedMark')}</strong>}
                      {item.hidden && <span> · {t(item.hidden === 'hidden' ? 'nowHidden' : 'nowRemoved')}</span>}
                    </p>
                  </div>
                </div>
                <h3>{t('reportNotes')}</h3>
                <ul class="report-notes">
                  {item.notes.map((note) => (
                    <li key={`${note.created_at}-${note.reason}-${note.note ?? ''}`}>
                      <strong>{note.kind === 'appeal' ? t('appealNote') : reportWord(note.reason as ReportWord)}</strong>
                      {note.note && <span>: {note.note}</span>} <time dateTime={new Date(note.created_at).toISOString()}>{formatDate(note.created_at)}</time>
                    </li>
                  ))}
                </ul>
                <div class="report-actions">
                  {decisionsFor(item).map((decision) => (
                    <Button
                      key={decision}
                      variant={decision === 'suspend' || decision === 'remove' ? 'danger' : 'secondary'}
                      onClick={() => setOpen({ item, decision })}
                    >
                      {t(`decide_${decision}`)}
                    </Button>
                  ))}
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
      {open && (
        <DecisionDialog
          item={open.item}
          decision={open.decision}
          onCancel={() => setOpen(null)}
          onDone={() => {
            setDone(t('decided', { decision: t(`decide_${open.decision}`) }));
            setOpen(null);
            void reload();
          }}
        />
      )}
      {done && <Toast message={done} duration={DONE_MS} onDone={() => setDone(null)} />}
    </>
  );
}
