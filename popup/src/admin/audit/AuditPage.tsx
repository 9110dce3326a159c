import { useEffect, useState } from 'react';
import type { AuditEntry } from '../../../../api/src/operators/contract';
import { getResource, ResourceError } from '../../api';
import { fromEnglish } from '../../i18n';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { TextField } from '../../ui/TextField';
import { t } from '../messages';
import type { SectionProps } from '../sections';

/** Where the whole log downloads (operators/routes.ts AUDIT_EXPORT_PATH). */
const EXPORT = '/admin/audit/export.jsonl';

/**
 * The audit log, newest first, a page at a time ("older entries" reads the next), filtered by who acted
 * (an operator's username, or "cli") and by what was acted on; the filters live in the address, so a
 * person's page links to their history.
 */
export function AuditPage({ location }: SectionProps) {
  const params = new URLSearchParams(location.search);
  const [operator, setOperator] = useState(params.get('operator') ?? '');
  const [subject, setSubject] = useState(params.get('subject') ?? '');
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = async (before: string | null, filters = { operator, subject }) => {
    setError(null);
    try {
      const page = await getResource('OperatorAuditResource', {
        ...(filters.operator.trim() && { operator: filters.operator.trim() }),
        ...(filters.subject.trim() && { subject: filters.subject.trim() }),
        ...(before && { before }),
      });
      setEntries((shown) => (before && shown ? [...shown, ...page.entries] : page.entries));
      setNext(page.next);
    } catch (e) {
      setError(fromEnglish(e instanceof ResourceError ? e.message : 'Sorry! Something went wrong on our end.'));
    }
  };
  useEffect(() => {
    void load(null);
  }, []);

  return (
    <>
      <h1>{t('audit')}</h1>
      <p>
        <a href={EXPORT} download>
          {t('export')}
        </a>
      </p>
      <form
        class="admin-search"
        aria-label={t('filter')}
        onSubmit={(e) => {
          e.preventDefault();
          const query = new URLSearchParams({ ...(operator && { operator }), ...(subject && { subject }) }).toString();
          history.replaceState(null, '', query ? `?${query}` : location.pathname);
          void load(null);
        }}
      >
        <TextField id="audit-operator" label={t('filterOperator')} value={operator} onInput={(e) => setOperator(e.currentTarget.value)} />
        <TextField id="audit-subject" label={t('filterSubject')} value={subject} error={error} onInput={(e) => setSubject(e.currentTarget.value)} />
        <Button variant="primary" type="submit">
          {t('filter')}
        </Button>
      </form>
      {entries && entries.length === 0 && <EmptyState title={t('empty')} />}
      {entries && entries.length > 0 && (
        <table aria-label={t('audit')}>
          <thead>
            <tr>
              <th>{t('when')}</th>
              <th>{t('who')}</th>
              <th>{t('what')}</th>
              <th>{t('subject')}</th>
              <th>{t('why')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td>
                  <time dateTime={new Date(entry.created_at).toISOString()}>{new Date(entry.created_at).toLocaleString()}</time>
                </td>
                <td>{entry.via === 'cli' ? t('viaCli') : (entry.operator_username ?? entry.operator_id)}</td>
                <td>
                  {entry.action}
                  {entry.detail && <span class="muted"> {JSON.stringify(entry.detail)}</span>}
                </td>
                <td>
                  {entry.subject_kind === 'user' ? (
                    <a href={`/admin/people/?id=${encodeURIComponent(entry.subject_id)}`}>{entry.subject_id}</a>
                  ) : (
                    `${entry.subject_kind} ${entry.subject_id}`
                  )}
                </td>
                <td>{entry.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {next && <Button onClick={() => void load(next)}>{t('older')}</Button>}
    </>
  );
}
