import { useEffect, useState } from 'react';
import { t } from '../../i18n';
import type { Candidate } from '../../../../api/src/collaborators/contract';
import { getResource } from '../../api';

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
      getResource('ShareSuggestionsTypeaheadResource', { term })
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
        <ul class="candidates" aria-label={t('board.collaboratorSuggestions')}>
          {results.map((c) => (
            <li key={`${c.type}:${c.id}`}>
              <button type="button" class="candidate" onClick={() => choose(c)} aria-disabled={c.type === 'email' && !c.valid ? 'true' : undefined}>
                <span class="name">{c.type === 'user' ? c.full_name || c.username : c.email}</span>
                <span class="meta">
                  {c.type === 'user' ? `@${c.username}` : t(isChosen(c) ? 'board.emailChosen' : c.valid ? 'board.emailValid' : 'board.emailInvalid')}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {chosen.length > 0 && (
        <ul class="chosen" aria-label={t('board.invited')}>
          {chosen.map((c) => (
            <li key={`${c.type}:${c.id}`}>
              <span>{c.type === 'user' ? c.full_name || c.username : c.email}</span>
              <button
                type="button"
                class="chip"
                aria-label={t('board.remove', { name: c.type === 'user' ? c.username : c.email })}
                onClick={() => onChange(chosen.filter((x) => x !== c))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
