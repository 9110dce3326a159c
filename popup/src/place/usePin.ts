import { useEffect, useState } from 'react';
import { loadPage, ResourceError } from '../api';
import type { PinData } from '../types';

/** One pin by id, as PinResource gives it to this viewer, or the message of why not; no id, nothing asked (yet). */
export function usePin(id: string | null): { pin: PinData | null; error: string | null } {
  const [pin, setPin] = useState<PinData | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!id) return;
    loadPage('PinResource', { id })
      .then(setPin)
      .catch((e: unknown) => setError(e instanceof ResourceError ? e.message : 'Sorry! Something went wrong on our end.'));
  }, [id]);
  return { pin, error };
}
