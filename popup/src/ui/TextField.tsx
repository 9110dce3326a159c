import type { JSX } from 'preact';

/** A labelled input with its error tied to it: the auth forms' field, shared by every area. */
export { Field as TextField } from '../auth/Field';

/** A labelled multi-line field, label above (never on the same line as another field). */
export function TextArea({ id, label, ...props }: { id: string; label: string } & JSX.TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <textarea id={id} {...props} />
    </div>
  );
}
