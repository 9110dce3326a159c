import { canonicalPhone } from '../lib/messages/recipient.js';
import { isIP } from 'node:net';
import { isPublicAddress, v6Groups } from '../lib/addresses.js';

/**
 * The pure rules of the security settings: when a session counts as having passed
 * two-factor, how a session's device and place are shown, what a backup code and a phone number look
 * like. No I/O: security.ts and session.ts ask here, the table tests (security-rules.test.ts) read as the rules.
 */

/** A session's last use is written at most this often (a busy session does not write on every request). */
export const SESSION_SEEN_EVERY_MS = 5 * 60 * 1000;
/** User agents are kept to this many characters (enough to tell a browser and system). */
export const USER_AGENT_MAX = 400;
/** Ten backup codes, each shown once, each working once. */
export const BACKUP_CODES = { count: 10, length: 10 } as const;
/** A TOTP set-up must be confirmed within this long of its start. */
export const MFA_SETUP_TTL_MS = 15 * 60 * 1000;

/**
 * Deactivated by its owner (the settings' "user-requested closure"): logging in brings it back.
 * Who set the state decides, never its reason: an operator's deactivation, even one given the reason
 * "user requested", is not lifted by its subject.
 */
export const selfDeactivated = (user: { state: string; state_set_by: string }) => user.state === 'deactivated' && user.state_set_by === 'subject';

/**
 * A coarse place for the sessions list, from the client address, never the address itself: this
 * machine, a local network, or the public network it came from (IPv4 /16, IPv6 /32). No location
 * database ships with the product; null (shown as "unknown") without an address.
 */
export function coarsePlace(address: string | undefined): string | null {
  if (!address || !isIP(address)) return null;
  if (address === '::1' || address.startsWith('127.')) return 'local:this-device';
  if (!isPublicAddress(address)) return 'local:network';
  if (isIP(address) === 4) {
    const [a, b] = address.split('.');
    return `net:${a}.${b}.x.x`;
  }
  const groups = v6Groups(address);
  return `net:${groups[0]!.toString(16)}:${groups[1]!.toString(16)}::/32`;
}

/** What the sessions list shows for a place: its kind and, for a public one, the network. */
export function placeOf(stored: string | null): { kind: 'this_device' | 'local_network' | 'network' | 'unknown'; network?: string } {
  if (stored === 'local:this-device') return { kind: 'this_device' };
  if (stored === 'local:network') return { kind: 'local_network' };
  if (stored?.startsWith('net:')) return { kind: 'network', network: stored.slice(4) };
  return { kind: 'unknown' };
}

const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/(?:\b|Headless)Chrom(?:e|ium)\/|\bCriOS\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*Safari\//, 'Safari'],
];
const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bAndroid\b/, 'Android'],
  [/\biPhone\b|\biPad\b|\biPod\b/, 'iOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** The device a user agent names, as "Browser on System"; what is not recognised is null (shown as "unknown"). */
export function deviceOf(userAgent: string | null): { browser: string | null; system: string | null } {
  if (!userAgent) return { browser: null, system: null };
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  return { browser, system };
}

/**
 * A phone number for codes, with its country code, in E.164 by libphonenumber-js: the one form it is stored,
 * counted and texted in (the message gate keys on it), so two spellings of one number are one phone.
 */
export const normalisePhone = canonicalPhone;

/** Backup codes: lower-case letters and digits without look-alikes, written as two groups of five. */
const BACKUP_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const BACKUP_PATTERN = /^[a-z0-9]{5}-?[a-z0-9]{5}$/i;

/** A backup code from a source of uniform random integers below n (the caller's crypto: this module does no I/O). */
export function backupCodeFrom(randomBelow: (n: number) => number): string {
  const chars = Array.from({ length: BACKUP_CODES.length }, () => BACKUP_ALPHABET[randomBelow(BACKUP_ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** A typed backup code in one spelling (case and the dash do not matter); null when it is not one. */
export function normaliseBackupCode(value: string): string | null {
  const trimmed = value.trim().toLowerCase();
  if (!BACKUP_PATTERN.test(trimmed)) return null;
  const plain = trimmed.replace('-', '');
  return `${plain.slice(0, 5)}-${plain.slice(5)}`;
}
