import type { ComponentChildren, JSX } from 'preact';
import { fromEnglish } from '../i18n';

/** A labelled input with its error tied to it (aria-invalid, aria-describedby), the same in every auth form. */
export function Field({
  id,
  label,
  error,
  children,
  ...input
}: { id: string; label: string; error?: string | null; children?: ComponentChildren } & JSX.InputHTMLAttributes<HTMLInputElement>) {
  const errorId = `${id}-error`;
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <input id={id} {...input} aria-invalid={error ? 'true' : undefined} aria-describedby={error ? errorId : undefined} />
      {error && (
        <p id={errorId} class="field-error" role="alert">
          {fromEnglish(error)}
        </p>
      )}
      {children}
    </div>
  );
}
