import { CONSENT_COUNTRIES } from './countries.js';

/**
 * Quick promote's steps. The spec gives two readings; both are here.
 * `short` (the default we ship): pin selection, business form, billing form, success, error.
 * `full` (QUICK_PROMOTE_STEPS=full): consent, pin selection, page, business form, billing form,
 * success, error, tag; its consent step only where the consent law applies.
 */
export const STEP_READINGS = {
  short: ['pin_selection', 'business_form', 'billing_form', 'success', 'error'],
  full: ['consent', 'pin_selection', 'page', 'business_form', 'billing_form', 'success', 'error', 'tag'],
} as const;
export type StepReading = keyof typeof STEP_READINGS;
export type Step = (typeof STEP_READINGS)[StepReading][number];

/** The steps a flow goes through: the full reading drops consent outside the consent-law countries. */
export function stepsFor(reading: StepReading, country: string): Step[] {
  const steps: Step[] = [...STEP_READINGS[reading]];
  return reading === 'full' && !CONSENT_COUNTRIES.has(country) ? steps.filter((s) => s !== 'consent') : steps;
}

/** Where an error shows: 'pin' (a 401), 'modal' (anything else). */
export type ErrorArea = 'pin' | 'modal';

export interface FirstStepOutcome {
  errorArea?: ErrorArea | null;
  hasBusinessInfo: boolean;
  hasBilling: boolean;
  /** The flow runs on the quick promote page itself (not a modal over another page). */
  onQuickPromotePage: boolean;
}

/**
 * After the first step: a modal-area error goes to the error modal, any
 * other error stays; business and billing go to success; business only to the billing form;
 * otherwise the business form, unless already on the quick promote page.
 */
export function afterFirstStep(current: Step, outcome: FirstStepOutcome): Step {
  if (outcome.errorArea === 'modal') return 'error';
  if (outcome.errorArea) return current;
  if (outcome.hasBusinessInfo && outcome.hasBilling) return 'success';
  if (outcome.hasBusinessInfo) return 'billing_form';
  return outcome.onQuickPromotePage ? current : 'business_form';
}

/** Any other step advances by one; past the last step the flow ends (null). */
export function nextStep(steps: readonly Step[], current: Step): Step | null {
  const at = steps.indexOf(current);
  if (at < 0) throw new Error(`Unknown quick promote step ${current}.`);
  return steps[at + 1] ?? null;
}

/** The first step: where the flow starts after consent, where it applies ("after the first step" is campaignStep's submit). */
export function firstStep(steps: readonly Step[]): Step {
  return steps.find((s) => s !== 'consent') ?? 'pin_selection';
}

/**
 * The step whose submit creates the promotion: the quick promote page in the full reading (its pin
 * selection step only picks the pin and advances by one), the pin selection modal in the short one.
 */
export function campaignStep(steps: readonly Step[]): Step {
  return steps.includes('page') ? 'page' : firstStep(steps);
}

/** Closing quick promote steps history back 3 when a pin-builder page is in history, else 1. */
export function closeHistorySteps(historyHasPinBuilder: boolean): number {
  return historyHasPinBuilder ? 3 : 1;
}
