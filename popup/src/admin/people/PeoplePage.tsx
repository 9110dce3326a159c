import { useEffect, useState } from 'react';
import type { Person, PersonSummary } from '../../../../api/src/operators/contract';
import { getResource, ResourceError } from '../../api';
import { fromEnglish } from '../../i18n';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { TextField } from '../../ui/TextField';
import { t } from '../messages';
import type { SectionProps } from '../sections';
import { ACTIONS, type ActionName } from './actions';
import { PersonAction } from './PersonAction';

const errorText = (error: unknown) => fromEnglish(error instanceof ResourceError ? error.message : 'Sorry! Something went wrong on our end.');

/**
 * People: search by email, username or name; a person's page is the same address with ?id=, so it can be
 * linked from the audit log and the reports queue.
 */
export function PeoplePage({ location }: SectionProps) {
  const params = new URLSearchParams(location.search);
  const [query, setQuery] = useState(params.get('q') ?? '');
  const [found, setFound] = useState<PersonSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const id = params.get('id');

  const search = async (q: string) => {
    setError(null);
    try {
      setFound(await getResource('OperatorPeopleResource', { query: q }));
    } catch (e) {
      setError(errorText(e));
    }
  };
  useEffect(() => {
    if (!id && params.get('q')) void search(params.get('q') ?? '');
  }, []);

  if (id) return <PersonView id={id} />;
  return (
    <>
      <h1>{t('people')}</h1>
      <form
        class="admin-search"
        onSubmit={(e) => {
          e.preventDefault();
          history.replaceState(null, '', `?q=${encodeURIComponent(query)}`);
          void search(query);
        }}
      >
        <TextField id="people-query" label={t('search')} value={query} error={error} onInput={(e) => setQuery(e.currentTarget.value)} />
        <Button variant="primary" type="submit">
          {t('find')}
        </Button>
      </form>
      {found && found.length === 0 && <EmptyState title={t('noMatch')} />}
      {found && found.length > 0 && (
        <table aria-label={t('results')}>
          <thead>
            <tr>
              <th>{t('who')}</th>
              <th>{t('emailLabel')}</th>
              <th>{t('stateLabel')}</th>
            </tr>
          </thead>
          <tbody>
            {found.map((p) => (
              <tr key={p.id}>
                <td>
                  <a href={`/admin/people/?id=${encodeURIComponent(p.id)}`}>
                    {p.username} ({`${p.first_name} ${p.last_name}`.trim()})
                  </a>
                </td>
                <td>{p.email}</td>
                <td>{p.state}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

/** One account: what the console knows of it, and the actions, each asking why and the operator's fresh proof. */
function PersonView({ id }: { id: string }) {
  const [person, setPerson] = useState<Person | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [acting, setActing] = useState<ActionName | null>(null);
  const [done, setDone] = useState<string | null>(null);

  useEffect(() => {
    getResource('OperatorPersonResource', { id }).then(setPerson, (e) => setError(errorText(e)));
  }, [id]);

  if (error) return <p role="alert">{error}</p>;
  if (!person) return <p role="status">{t('loading')}</p>;
  const time = (ms: number) => new Date(ms).toLocaleString();
  return (
    <>
      <h1>
        {person.username} {person.operator && <span class="muted">({t('operator')})</span>}
      </h1>
      <ul class="person-facts">
        <li>{person.email}</li>
        <li>{person.name}</li>
        <li>{t('state', { state: person.state_reason ? `${person.state} (${person.state_reason})` : person.state })}</li>
        <li>{t('twoFactor', { method: person.mfa ?? t('twoFactorOff') })}</li>
        <li>{person.last_sign_in_at === null ? t('neverSignedIn') : t('signIns', { time: time(person.last_sign_in_at) })}</li>
        <li>{t('sessions', { count: String(person.live_sessions) })}</li>
        <li>{t('failedLogIns', { count: String(person.failed_log_ins) })}</li>
        {person.locked && <li>{t('locked')}</li>}
        <li>{t('providers', { list: person.providers.length ? person.providers.join(', ') : t('none') })}</li>
        <li>{t('businesses', { count: String(person.businesses) })}</li>
        <li>{t('counts', { pins: String(person.pins), boards: String(person.boards) })}</li>
        <li>
          <a href={`/admin/audit/?subject=${encodeURIComponent(person.id)}`}>{t('historyOf')}</a>
        </li>
      </ul>
      {done && (
        <p role="status" class="notice info">
          {done}
        </p>
      )}
      <div class="actions person-actions">
        {ACTIONS.map(([name, word]) => (
          <Button key={name} variant={name === 'suspend' || name === 'deactivate' ? 'danger' : 'secondary'} onClick={() => setActing(name)}>
            {t(word)}
          </Button>
        ))}
      </div>
      {acting && (
        <PersonAction
          person={person}
          action={acting}
          label={t(ACTIONS.find(([name]) => name === acting)![1])}
          onCancel={() => setActing(null)}
          onDone={(next, label) => {
            setPerson(next);
            setActing(null);
            setDone(t('done', { action: label, who: next.username }));
          }}
        />
      )}
    </>
  );
}
