import type { ComponentChildren, JSX } from 'preact';

/** An on/off choice that takes effect at once (secret board, notifications): a checkbox with role switch. */
export function Toggle({ label, hint, ...input }: { label: ComponentChildren; hint?: ComponentChildren } & JSX.HTMLAttributes<HTMLInputElement>) {
  return (
    <label class="switch">
      <input type="checkbox" role="switch" {...input} />
      <span>
        {label}
        {hint && <small>{hint}</small>}
      </span>
    </label>
  );
}
