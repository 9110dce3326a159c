import type { JSX } from 'preact';

/** The three buttons of every page: primary (the one thing to do), secondary, and danger (deleting). */
export function Button({
  variant = 'secondary',
  type = 'button',
  ...props
}: { variant?: 'primary' | 'secondary' | 'danger' } & JSX.ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type={type} class={variant} {...props} />;
}
