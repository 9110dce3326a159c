import { useEffect, useState } from 'react';
import { t as tMain } from '../i18n';
import type { AnswerOf, OptionsOf, ReadableResource } from '../../../api/src/resources.contract';
import { readResource } from '../api';
import { problem as failure } from './words';

/** A list of ids from the address (`?campaignIds=1,2`), numbers only. */
export const list = (value: string | null) => (value ? value.split(',').filter((v) => /^\d{1,20}$/.test(v)) : undefined);

/** A resource the page shows, loaded when its options change; `reload` asks again after a change. */
export function useData<N extends ReadableResource>(
  name: N,
  options: OptionsOf<N, 'get'>,
): { data: AnswerOf<N, 'get'> | null; error: string; reload: () => void } {
  const [data, setData] = useState<AnswerOf<N, 'get'> | null>(null);
  const [error, setError] = useState('');
  const [round, setRound] = useState(0);
  useEffect(
    () =>
      void readResource(name, options).then(
        (d) => (setData(d), setError('')),
        (e: unknown) => setError(failure(e)),
      ),
    [JSON.stringify(options), round],
  );
  return { data, error, reload: () => setRound((n) => n + 1) };
}

/** A page's place while its resource comes, or the reason it did not. */
export function Loading({ error }: { error: string }) {
  return error ? (
    <p class="error" role="alert">
      {error}
    </p>
  ) : (
    <p role="status" aria-label={tMain('common.loading')}>
      {tMain('common.loading')}
    </p>
  );
}
