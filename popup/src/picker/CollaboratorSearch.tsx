import { useEffect, useState } from 'react';
import { t } from '../i18n';
import type { Candidate } from '../../../api/src/collaborators/service';
import { getResource } from '../api';

/** saving.md section 5: what an email row says while typed, once valid, once chosen. */
export const EMAIL_STATUS = { invalid: 'Keep typing!', valid: 'Click to send!', chosen: 'Done!' } as const;
const DEBOUNCE_MS = 200;

/**
 * Collaborator search in Create board: people by name, or an email to invite. Chosen people and
 * emails are queued (duplicates removed) and invited once the board exists.
 */
export function CollaboratorSearch({ chosen, onChange }: { chosen: Candidate[]; onChange(next: Candidate[]): void }) {
  const [term, setTerm] = useState('');
  const [results, setResults] = useState<Candidate[]>([]);

  useEffect(() => {
    if (!term.trim()) return setResults([]);
    const timer = setTimeout(() => {
      getResource<Candidate[]>('ShareSuggestionsTypeaheadResource', { term })
        .then(setResults)
        .catch(() => setResults([]));
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [term]);

  const isChosen = (c: Candidate) => chosen.some((x) => x.type === c.type && x.id === c.id);
  const choose = (c: Candidate) => {
    if (c.type === 'email' && !c.valid) return;
    if (!isChosen(c)) onChange([...chosen, c]);
  };

  return (
    <div class="collaborators">
      <label for="collaborator-search">{t('board.collaborators')}</label>
      <input
        id="collaborator-search"
        type="search"
        placeholder={t('board.collaboratorSearch')}
        autocomplete="off"
        value={term}
        onInput={(e) => setTerm(e.currentTarget.value)}
        onKeyDown={(e) => e.key === 'Escape' && setTerm('')}
      />
      {results.length > 0 && (
        <ul class="candidates" aria-label="Collaborator suggestions">
          {results.map((c) => (
            <li key={`${c.type}:${c.id}`}>
              <button type="button" class="candidate" onClick={() => choose(c)} aria-disabled={c.type === 'email' && !c.valid ? 'true' : undefined}>
                <span class="name">{c.type === 'user' ? c.full_name || c.username : c.email}</span>
                <span class="meta">
                  {c.type === 'user' ? `@${c.username}` : isChosen(c) ? EMAIL_STATUS.chosen : c.valid ? EMAIL_STATUS.valid : EMAIL_STATUS.invalid}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {chosen.length > 0 && (
        <ul class="chosen" aria-label="Invited">
          {chosen.map((c) => (
            <li key={`${c.type}:${c.id}`}>
              <span>{c.type === 'user' ? c.full_name || c.username : c.email}</span>
              <button type="button" class="chip" aria-label={`Remove ${c.type === 'user' ? c.username : c.email}`} onClick={() => onChange(chosen.filter((x) => x !== c))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
