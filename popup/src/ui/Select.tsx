import type { JSX } from 'preact';

/** A labelled select from the tokens (tokens.css, controls.css): label above, full field height. */
export function Select({
  id,
  label,
  options,
  ...props
}: { id: string; label: string; options: Array<{ value: string; label: string }> } & JSX.SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <select id={id} {...props}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
