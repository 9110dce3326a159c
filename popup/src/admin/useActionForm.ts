import { useEffect, useRef, useState } from 'react';
import { ResourceError } from '../api';
import { fromEnglish } from '../i18n';

export interface ActionFields {
  reason: string;
  password: string;
  code: string;
}

/**
 * A console action's modal form: shown as a modal when it mounts, its reason and proof fields, and a submit
 * that sends them and, when the server refuses, shows its words and lets the operator try again.
 */
export function useActionForm(send: (fields: ActionFields) => Promise<void>) {
  const ref = useRef<HTMLDialogElement>(null);
  const [reason, setReason] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal?.();
    return () => dialog?.close?.();
  }, []);

  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await send({ reason, password, code });
    } catch (failure) {
      setError(fromEnglish(failure instanceof ResourceError ? failure.message : 'Sorry! Something went wrong on our end.'));
      setBusy(false);
    }
  };
  return { ref, reason, setReason, password, setPassword, code, setCode, error, busy, submit };
}
