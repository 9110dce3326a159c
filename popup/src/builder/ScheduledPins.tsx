import { useEffect, useState } from 'react';
import type { ScheduledPinData } from '../../../api/src/pins/contract';
import { getResource, postResource } from '../api';
import { branded } from '../brand';
import { formatDate, fromEnglish, t as main } from '../i18n';
import { ERROR_MESSAGES } from '../i18n/errors';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { EmptyState } from '../ui/EmptyState';
import { useViewer } from '../useViewer';
import { messageOf } from './PinBuilder';
import { t } from './messages';

/** Why a pin was not published, in the reader's words: the server keeps the refusal's name, not its English. */
function reasonOf(failure: string | null): string {
  const english = failure ? (ERROR_MESSAGES as Record<string, string | undefined>)[failure] : undefined;
  return english ? fromEnglish(branded(english)) : main('server.generic');
}

const when = (ms: number) => formatDate(ms, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * /pin-builder/scheduled/: a business's pins waiting for their time, and those that could not be published (with
 * why). A waiting one can be cancelled, after the question saying what goes with it; one being published now cannot.
 */
export default function ScheduledPins() {
  const viewer = useViewer();
  const [pins, setPins] = useState<ScheduledPinData[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState<ScheduledPinData | null>(null);
  const [busy, setBusy] = useState(false);
  const authed = viewer?.type === 'AUTH';

  useEffect(() => {
    if (!authed) return;
    getResource('ScheduledPinResource')
      .then((answer) => setPins(answer.scheduled_pins.filter((pin) => pin.state !== 'published')))
      .catch((e: unknown) => setError(messageOf(e)));
  }, [authed]);

  if (!viewer)
    return (
      <p class="loading" role="status">
        {main('common.loading')}
      </p>
    );
  if (!authed) {
    return (
      <main class="page scheduled-pins">
        <h1>{t('scheduledPins')}</h1>
        <p>
          <a href={`/login?next=${encodeURIComponent(location.pathname)}`}>{t('logInToCreate')}</a>
        </p>
      </main>
    );
  }

  const cancel = async () => {
    if (!asking) return;
    setBusy(true);
    setError(null);
    try {
      await postResource('ScheduledPinResource', 'delete', { id: asking.id });
      setPins((list) => list?.filter((pin) => pin.id !== asking.id) ?? null);
      setAsking(null);
    } catch (e) {
      setAsking(null);
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main class="page scheduled-pins">
      <h1>{t('scheduledPins')}</h1>
      <p class="actions">
        <a class="secondary" href="/pin-builder/">
          {main('pages.createPin')}
        </a>
      </p>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {!pins ? (
        !error && (
          <p class="loading" role="status">
            {main('common.loading')}
          </p>
        )
      ) : pins.length === 0 ? (
        <EmptyState title={t('scheduledEmpty')}>
          <p>
            <a class="primary" href="/pin-builder/">
              {t('scheduleOne')}
            </a>
          </p>
        </EmptyState>
      ) : (
        <ul class="scheduled-list">
          {pins.map((pin) => {
            const name = pin.title || t('untitledPin');
            return (
              <li key={pin.id} class="scheduled-row">
                {pin.thumbnail_url && <img class="scheduled-thumb" src={pin.thumbnail_url} alt="" width={72} height={72} />}
                <div class="scheduled-what">
                  <strong>{name}</strong>
                  <span class="meta">{t('scheduledOn', { board: pin.board?.name ?? '', when: when(pin.publish_at) })}</span>
                  {pin.state === 'failed' ? (
                    <span class="error">{t('stateFailed', { reason: reasonOf(pin.failure) })}</span>
                  ) : (
                    <span class="meta">{pin.state === 'publishing' ? t('statePublishing') : t('stateScheduled')}</span>
                  )}
                </div>
                {pin.state !== 'publishing' && (
                  <button type="button" class="secondary" onClick={() => setAsking(pin)} aria-label={t('cancelPinNamed', { name })}>
                    {t('cancelPin')}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {asking && (
        <ConfirmDialog
          title={t('cancelPinAsk', { name: asking.title || t('untitledPin') })}
          confirm={t('cancelPin')}
          busy={busy}
          onConfirm={() => void cancel()}
          onCancel={() => setAsking(null)}
        >
          <p>{t('cancelPinLoses')}</p>
        </ConfirmDialog>
      )}
    </main>
  );
}
