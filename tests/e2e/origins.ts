/** The two origins of every end-to-end test; the ports move together with PORT and EXAMPLES_PORT. */
export const PORT = Number(process.env.PORT ?? 8787);
export const EXAMPLES_PORT = Number(process.env.EXAMPLES_PORT ?? 8788);
export const PRODUCT = `http://localhost:${PORT}`;
export const EXAMPLES = `http://127.0.0.1:${EXAMPLES_PORT}`;
/** The server's SQLite file, relative to the repository root; tests read it to check what was written. */
export const E2E_DATABASE = 'test-results/e2e.sqlite';
