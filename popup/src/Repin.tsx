import { useEffect, useState } from 'react';
import { getResource, ResourceError } from './api';
import { PinCreate } from './PinCreate';
import type { PopupQuery } from './query';
import type { PinData } from './types';

/** /pin/{id}/repin/x/: the save popup for one of our own pins (saving.md section 2.3). */
export function Repin({ id, search }: { id: string; search: string }) {
  const [pin, setPin] = useState<PinData | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    getResource<PinData>('PinResource', { id })
      .then(setPin)
      .catch((e: unknown) => setError(e instanceof ResourceError ? e.message : 'Sorry! Something went wrong on our end.'));
  }, [id]);
  if (error) return <main class="page"><p class="error" role="alert">{error}</p></main>;
  if (!pin) return <p class="loading" role="status">Loading…</p>;
  const q = new URLSearchParams(search);
  const query: PopupQuery = {
    method: 'create',
    url: pin.link ?? '',
    media: pin.images?.['736x'].url ?? pin.image_url,
    description: pin.description,
    guid: q.get('guid') ?? '',
    color: pin.dominant_color ?? '',
    hostOrigin: null,
    action: 'repin',
    pinId: pin.id,
  };
  return <PinCreate query={query} />;
}
