import { decodeEnvelope, unknownError } from '../../../api/src/lib/envelope.client';
import type { UploadAnswer } from '../../../api/src/media/contract';
import { getResource, ResourceError } from '../api';

export type UploadData = UploadAnswer;

/** The pin builder's upload endpoint (api/src/media/routes.ts): the file itself is the body. */
export const UPLOAD_URL = '/v3/media/uploads/';

/** How often the builder asks whether an image's renditions exist (a job makes them after the upload). */
export const UPLOAD_POLL_MS = 400;

/**
 * An upload once it can be shown: an image is answered `processing` as soon as its bytes are stored, and
 * re-encoded by a job (api/src/media/jobs.ts); its renditions exist once MediaUploadResource says `ready`.
 * A file the job could not use (too small, undecodable) fails with the server's reason.
 */
export async function whenProcessed(upload: UploadData, wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))): Promise<UploadData> {
  let current = upload;
  while (current.status === 'processing') {
    await wait(UPLOAD_POLL_MS);
    current = await getResource('MediaUploadResource', { id: current.id });
  }
  if (current.status === 'failed') {
    throw new ResourceError({
      api_error_code: 291,
      http_status: 400,
      message: "We couldn't process that image. Choose another one.",
      ...(current.error ? { message_detail: current.error } : {}),
    });
  }
  return current;
}

/**
 * Sends a file from the device. XMLHttpRequest rather than fetch for its upload events: `onSent` fires
 * once every byte is out, when the builder's step turns from uploading to processing (the server sniffs
 * and stores the file before it answers; see whenProcessed for the rest). Failures come back as ResourceError, as every other call's.
 */
export function uploadFile(file: Blob, onSent: () => void): Promise<UploadData> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', UPLOAD_URL);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.upload.onload = onSent;
    const decode = (status: number, text: string) => {
      let json: unknown = null;
      try {
        json = JSON.parse(text);
      } catch {
        // Not JSON (a proxy's error page): the decoder's unknown error, with this status.
      }
      return decodeEnvelope<UploadData>(json, status);
    };
    xhr.onload = () => {
      const answer = decode(xhr.status, xhr.responseText);
      if (answer.ok && answer.data) resolve(answer.data);
      else reject(new ResourceError(answer.ok ? unknownError(xhr.status) : answer.error));
    };
    xhr.onerror = () => reject(new ResourceError(unknownError(0)));
    xhr.send(file);
  });
}
