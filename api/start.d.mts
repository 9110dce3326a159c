/** Types of api/start.mjs (plain JavaScript: it runs before anything is compiled). */
export interface Build {
  record: string;
  outputs: string[];
}
export const CLIENT: Build;
export const SERVER: Build;
export function isFresh(root: string, build: Build): boolean;
export function buildClient(): void;
export function buildServer(): Promise<void>;
