/**
 * The strength check, loaded on first use: the estimator and its dictionaries are a separate
 * chunk (js/chunks/), so the popup bundle stays small. The same module runs on the server.
 */
export async function isWeak(password: string, email: string): Promise<boolean> {
  const { isWeakPassword } = await import('../../../api/src/auth/rules/strength');
  return isWeakPassword(password, email);
}
