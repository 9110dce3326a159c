import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { isWeakScore } from '../rules.js';

/**
 * Password strength with zxcvbn-ts (common passwords, keyboard patterns, names). Its own module
 * because the dictionaries are large: the server imports it directly, the popup loads it as a
 * separate chunk the first time a password is checked.
 */
let factory: ZxcvbnFactory | undefined;

export function passwordScore(password: string, userInputs: string[] = []): number {
  factory ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs, useLevenshteinDistance: true });
  return factory.check(password, userInputs).score;
}

/** Weak by the shared threshold, counting the email and its parts as things an attacker would try. */
export function isWeakPassword(password: string, email: string): boolean {
  const lower = email.trim().toLowerCase();
  const inputs = [lower, ...lower.split(/[@.+_-]/).filter(Boolean)];
  return isWeakScore(passwordScore(password, inputs));
}
