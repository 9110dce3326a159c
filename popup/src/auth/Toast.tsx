import { useEffect } from 'react';
import { fromEnglish } from '../i18n';

/** Toast lengths, in milliseconds. */
export const TOAST_MS = { error: 3000, consent: 3500, underage: 3500 } as const;

/** A short message that goes away by itself; announced politely to screen readers. */
export function Toast({ message, duration, onDone }: { message: string; duration: number; onDone(): void }) {
  useEffect(() => {
    const timer = setTimeout(onDone, duration);
    return () => clearTimeout(timer);
  }, [message, duration]);
  return (
    <div class="toast" role="status">
      {fromEnglish(message)}
    </div>
  );
}
