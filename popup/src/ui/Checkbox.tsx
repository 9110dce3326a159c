import type { ComponentChildren, JSX } from 'preact';

/** A choice among others in a form (consents, objectives): the box in the brand colour, its label beside. */
export function Checkbox({ label, ...input }: { label: ComponentChildren } & JSX.HTMLAttributes<HTMLInputElement>) {
  return (
    <label class="check">
      <input type="checkbox" {...input} />
      <span>{label}</span>
    </label>
  );
}
