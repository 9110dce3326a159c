import type { MediaService } from './service.js';

/** An upload's answer (the pin builder's media), as the contract of issue 26. */
/**
 * Answers not yet written as zod schemas (issue 26): typed by what the service returns. Type-only imports,
 * so the contract stays pure at run time and the web app reads its types here, never in a service.
 */
export type UploadAnswer = Awaited<ReturnType<MediaService['receive']>>;
