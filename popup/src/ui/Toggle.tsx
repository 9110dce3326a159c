import type { ComponentChildren, JSX } from 'preact';

/** An on/off choice that takes effect at once (secret board, notifications): a checkbox with role switch. */
export function Toggle({
  label,
  hint,
  checked,
  ...input
}: { label: ComponentChildren; hint?: ComponentChildren; checked: boolean } & Omit<JSX.HTMLAttributes<HTMLInputElement>, 'checked'>) {
  return (
    <label class="switch">
      <input type="checkbox" role="switch" checked={checked} aria-checked={checked} {...input} />
      <span>
        {label}
        {hint && <small>{hint}</small>}
      </span>
    </label>
  );
}
