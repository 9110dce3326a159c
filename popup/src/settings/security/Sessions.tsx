import { useEffect, useState } from 'react';
import { locale, t as main } from '../../i18n';
import { failure, post } from './client';
import { getResource } from '../../api';
import { Done, Problem } from './Field';
import { t } from './messages';

/** ActiveSessionsResource get (api/src/auth/security.ts sessions). */
interface Session {
  id: string;
  current: boolean;
  device: { browser: string | null; system: string | null };
  place: { kind: 'this_device' | 'local_network' | 'network' | 'unknown'; network?: string };
  last_used_at: number;
}

const deviceText = ({ browser, system }: Session['device']) =>
  browser && system ? t('deviceOn', { browser, system }) : (browser ?? system ?? t('unknownDevice'));
const placeText = (place: Session['place']) =>
  place.kind === 'this_device'
    ? t('placeThisDevice')
    : place.kind === 'local_network'
      ? t('placeLocal')
      : place.kind === 'network'
        ? t('placeNetwork', { network: place.network ?? '' })
        : t('placeUnknown');

/** The active sessions: device, coarse place, last use; log one out, or all the others. */
export function Sessions() {
  const [sessions, setSessions] = useState<Session[] | null>(null);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const reload = () => getResource('ActiveSessionsResource').then(setSessions, (caught: unknown) => setError(failure(caught)));
  useEffect(() => void reload(), []);

  const act = async (work: () => Promise<unknown>, message = '') => {
    setError('');
    setDone('');
    try {
      const answer = (await work()) as { current?: boolean } | undefined;
      if (answer?.current) return location.assign('/');
      setDone(message);
      await reload();
    } catch (caught) {
      setError(failure(caught));
    }
  };
  const when = new Intl.DateTimeFormat(locale(), { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <section class="settings-section" aria-labelledby="sessions-title">
      <h2 id="sessions-title">{t('sessionsTitle')}</h2>
      {!sessions ? (
        <p class="muted">{main('common.loading')}</p>
      ) : (
        <ul class="connected-list">
          {sessions.map((session) => (
            <li key={session.id} class="connected-row" data-current={session.current ? 'true' : undefined}>
              <span class="connected-name">{deviceText(session.device)}</span>
              <span class="muted">{placeText(session.place)}</span>
              <span class="muted">{t('lastUsed', { time: when.format(session.last_used_at) })}</span>
              {session.current ? (
                <strong>{t('thisSession')}</strong>
              ) : (
                <button
                  type="button"
                  class="secondary"
                  aria-label={`${t('logOut')}: ${deviceText(session.device)}, ${placeText(session.place)}`}
                  onClick={() => void act(() => post('ActiveSessionsResource', 'delete', { id: session.id }))}
                >
                  {t('logOut')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {sessions && sessions.length > 1 && (
        <button type="button" class="secondary" onClick={() => void act(() => post('OtherSessionsResource', 'delete', {}), t('othersLoggedOut'))}>
          {t('logOutOthers')}
        </button>
      )}
      <Problem text={error} />
      {done && <Done>{done}</Done>}
    </section>
  );
}
