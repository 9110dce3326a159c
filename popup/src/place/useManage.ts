import { useState } from 'react';
import { failure } from './Feed';

/**
 * The state of an owner's Edit and Delete controls (a pin's, a section's): which form is open, the
 * server's refusal, and one call at a time. `run` sends a call and hands its answer on.
 */
export function useManage() {
  const [mode, setMode] = useState<'idle' | 'edit' | 'delete'>('idle');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = <T>(call: Promise<T>, then: (answer: T) => void) => {
    setBusy(true);
    setError(null);
    call
      .then(then)
      .catch((e: unknown) => setError(failure(e)))
      .finally(() => setBusy(false));
  };
  return { mode, setMode, error, setError, busy, run };
}
