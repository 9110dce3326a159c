import { useEffect, useMemo, useState } from 'react';

/** 120 particles in 5 colours, removed 800 ms after the start delay. */
export const CONFETTI_PARTICLES = 120;
export const CONFETTI_COLOURS = ['#e60023', '#0074e8', '#ffc600', '#00b16a', '#9b59b6'] as const;
export const CONFETTI_START_DELAY_MS = 300;
export const CONFETTI_LIFETIME_MS = 800;

export function Confetti() {
  const [done, setDone] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setDone(true), CONFETTI_START_DELAY_MS + CONFETTI_LIFETIME_MS);
    return () => clearTimeout(timer);
  }, []);
  const particles = useMemo(
    () =>
      Array.from({ length: CONFETTI_PARTICLES }, (_, i) => ({
        colour: CONFETTI_COLOURS[i % CONFETTI_COLOURS.length],
        left: `${(i * 37) % 100}%`,
        delay: `${(CONFETTI_START_DELAY_MS * ((i * 7) % 10)) / 10}ms`,
        drift: `${((i * 13) % 60) - 30}px`,
      })),
    [],
  );
  if (done) return null;
  return (
    <div class="confetti" aria-hidden="true" data-testid="confetti">
      {particles.map((p, i) => (
        <span key={i} style={{ background: p.colour, left: p.left, animationDelay: p.delay, '--drift': p.drift } as Record<string, string>} />
      ))}
    </div>
  );
}
