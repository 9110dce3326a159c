import type { ComponentChildren } from 'preact';

/** A labelled input of the security forms: the label wraps it, so axe and screen readers name it. */
export function Field(props: {
  label: string;
  type?: string;
  value: string;
  onValue: (value: string) => void;
  autoComplete?: string;
  inputMode?: 'numeric' | 'text' | 'tel' | 'email';
  name?: string;
}) {
  return (
    <label>
      {props.label}
      <input
        type={props.type ?? 'text'}
        name={props.name}
        value={props.value}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        onInput={(event) => props.onValue((event.target as HTMLInputElement).value)}
      />
    </label>
  );
}

/** An error under a form, read out when it appears. */
export const Problem = ({ text }: { text: string }) =>
  text ? (
    <p class="error" role="alert">
      {text}
    </p>
  ) : null;
/** A success line, read out politely. */
export const Done = ({ children }: { children: ComponentChildren }) => <p role="status">{children}</p>;
