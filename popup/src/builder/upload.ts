import type { ErrorBody } from '../../../api/src/lib/envelope';
import type { MediaService } from '../../../api/src/media/service';
import { ResourceError } from '../api';

export type UploadData = Awaited<ReturnType<MediaService['receive']>>;

/** The pin builder's upload endpoint (api/src/media/routes.ts): the file itself is the body. */
export const UPLOAD_URL = '/v3/media/uploads/';

/**
 * Sends a file from the device. XMLHttpRequest rather than fetch for its upload events: `onSent` fires
 * once every byte is out, when the builder's step turns from uploading to processing (the server sniffs
 * and re-encodes before it answers). Failures come back as ResourceError, as every other call's.
 */
export function uploadFile(file: Blob, onSent: () => void): Promise<UploadData> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', UPLOAD_URL);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.upload.onload = onSent;
    const unknown = (status: number): ErrorBody => ({ api_error_code: 0, http_status: status, message: 'Sorry! Something went wrong on our end.' });
    xhr.onload = () => {
      let answer: { resource_response?: { data?: UploadData; error?: ErrorBody } } | null = null;
      try {
        answer = JSON.parse(xhr.responseText);
      } catch {
        answer = null;
      }
      const body = answer?.resource_response;
      if (body?.data) resolve(body.data);
      else reject(new ResourceError(body?.error ?? unknown(xhr.status)));
    };
    xhr.onerror = () => reject(new ResourceError(unknown(0)));
    xhr.send(file);
  });
}
