/** The offsite link check's statuses. */
export const OFFSITE_BLOCK_STATUSES = ['blocked', 'suspicious', 'porn'] as const;
export type OffsiteBlockStatus = (typeof OFFSITE_BLOCK_STATUSES)[number];
export type RedirectStatus = OffsiteBlockStatus | 'ok';

/** What the interstitial does: blocked and porn are not followed, suspicious warns with a way on, anything else opens. */
export function offsiteAction(status: string | null | undefined): 'stop' | 'warn' | 'open' {
  if (status === 'blocked' || status === 'porn') return 'stop';
  if (status === 'suspicious') return 'warn';
  return 'open';
}

/** A host and every parent domain it sits under (a.b.example.com → a.b.example.com, b.example.com, example.com). */
export function hostAndParents(host: string): string[] {
  const labels = host.toLowerCase().replace(/\.$/, '').split('.');
  const out: string[] = [];
  for (let i = 0; i < labels.length - 1; i++) out.push(labels.slice(i).join('.'));
  return out.length ? out : [host.toLowerCase()];
}

/** The worst status among a chain's matches: blocked/porn beat suspicious. */
export function worstStatus(statuses: readonly string[]): RedirectStatus {
  if (statuses.includes('porn')) return 'porn';
  if (statuses.includes('blocked')) return 'blocked';
  if (statuses.includes('suspicious')) return 'suspicious';
  return 'ok';
}

// The shape of a misleading link is a rule of its own (lib/rules/link-shape.ts): the product tags on a pin
// refuse the same shapes this check calls suspicious.
export { isLookalikeLabel, SUSPICIOUS_REASONS, suspiciousReason, type SuspiciousReason } from '../../lib/rules/link-shape.js';

/** Whether an answer is a file to save (Content-Disposition: attachment) rather than a page. */
export const isDownload = (headers: Record<string, string>) => /^\s*attachment\b/i.test(headers['content-disposition'] ?? '');
