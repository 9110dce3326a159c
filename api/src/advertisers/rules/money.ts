/** Budgets travel in micro currency: the amount times a million, rounded. */
export const MICRO_MULTIPLIER = 1_000_000;

export function toMicro(amount: number): number {
  return Math.round(amount * MICRO_MULTIPLIER);
}

export function fromMicro(micro: number): number {
  return micro / MICRO_MULTIPLIER;
}

/** An amount in the country's currency, as the viewer's locale writes it (Intl.NumberFormat). */
export function formatMoney(amount: number, currency: string, locale = 'en-US'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
}
