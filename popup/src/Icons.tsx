/** Small inline icons; decorative unless given a label. */
const paths = {
  lock: 'M6 10V7a6 6 0 1 1 12 0v3h1a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V11a1 1 0 0 1 1-1h1zm3 0h6V7a3 3 0 1 0-6 0v3z',
  group: 'M8 11a4 4 0 1 1 0-8 4 4 0 0 1 0 8zm8 0a3 3 0 1 1 0-6 3 3 0 0 1 0 6zM1 20c0-3.9 3.1-7 7-7s7 3.1 7 7H1zm15 0c0-2-.7-3.9-2-5.3A6 6 0 0 1 23 20h-7z',
  sections: 'M3 4h18v3H3zM3 10.5h18v3H3zM3 17h18v3H3z',
  back: 'M15.5 3.5 7 12l8.5 8.5 2.1-2.1L11.2 12l6.4-6.4z',
  close: 'M18.4 3.5 12 9.9 5.6 3.5 3.5 5.6 9.9 12l-6.4 6.4 2.1 2.1 6.4-6.4 6.4 6.4 2.1-2.1-6.4-6.4 6.4-6.4z',
  plus: 'M13 3h-2v8H3v2h8v8h2v-8h8v-2h-8z',
} as const;

export function Icon({ name, label }: { name: keyof typeof paths; label?: string }) {
  return (
    <svg
      class={`icon icon-${name}`}
      viewBox="0 0 24 24"
      width="16"
      height="16"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : 'true'}
      focusable="false"
    >
      {label && <title>{label}</title>}
      <path d={paths[name]} fill="currentColor" />
    </svg>
  );
}
