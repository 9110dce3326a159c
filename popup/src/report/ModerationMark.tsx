import { useState } from 'react';
import { ResourceError } from '../api';
import { fromEnglish } from '../i18n';
import { Button } from '../ui/Button';
import { TextArea } from '../ui/TextField';
import { sendAppeal } from './client';
import { t } from './messages';

/**
 * What the owner of a hidden or removed pin or board sees on it: the decision and the reason they were
 * given, and their one appeal (which lands in the operators' queue).
 */
export function ModerationMark({
  kind,
  id,
  moderation,
}: {
  kind: 'pin' | 'board';
  id: string;
  moderation: { state: 'hidden' | 'removed'; reason: string; appealed: boolean };
}) {
  const [appealed, setAppealed] = useState(moderation.appealed);
  const [writing, setWriting] = useState(false);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await sendAppeal(kind, id, note);
      setAppealed(true);
      setWriting(false);
    } catch (failure) {
      setError(fromEnglish(failure instanceof ResourceError ? failure.message : 'Sorry! Something went wrong on our end.'));
    }
    setBusy(false);
  };
  return (
    <section class="moderation-mark" aria-labelledby={`mark-${id}`}>
      <p id={`mark-${id}`}>
        <strong>{t(moderation.state === 'hidden' ? 'hiddenMark' : 'removedMark', { reason: moderation.reason })}</strong>
      </p>
      {appealed ? (
        <p role="status">{t('appealed')}</p>
      ) : writing ? (
        <form onSubmit={submit}>
          <TextArea id={`appeal-${id}`} label={t('appealNote')} value={note} maxLength={500} onInput={(e) => setNote(e.currentTarget.value)} />
          {error && (
            <p class="field-error" role="alert">
              {error}
            </p>
          )}
          <div class="actions">
            <Button onClick={() => setWriting(false)}>{t('cancel')}</Button>
            <Button variant="primary" type="submit" disabled={busy}>
              {t('appealSend')}
            </Button>
          </div>
        </form>
      ) : (
        <Button variant="primary" onClick={() => setWriting(true)}>
          {t('appeal')}
        </Button>
      )}
    </section>
  );
}
