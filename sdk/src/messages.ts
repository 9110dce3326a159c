/**
 * The one message a popup sends to the page that opened it: wrapped as
 * `{corkboard: 1, type, payload}`, posted to the host's exact origin, public data only.
 * Shared by the SDK (which receives it) and the popup (which sends it).
 */
export interface SaveResultPayload {
  guid: string;
  status: 'success' | 'error';
  pin?: { id: string; url: string };
  /** The board's name is left out when the board is secret. */
  board?: { id: string; name?: string };
  error?: { code: number; message: string };
}

export interface SaveMessage {
  corkboard: 1;
  type: 'save';
  payload: SaveResultPayload;
}

export function saveMessage(payload: SaveResultPayload): SaveMessage {
  return { corkboard: 1, type: 'save', payload };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isString = (value: unknown): value is string => typeof value === 'string';

/** A type guard for what arrives on `message` events: anything not exactly our shape is ignored. */
export function isSaveMessage(data: unknown): data is SaveMessage {
  if (!isObject(data) || data.corkboard !== 1 || data.type !== 'save' || !isObject(data.payload)) return false;
  const p = data.payload;
  if (!isString(p.guid) || (p.status !== 'success' && p.status !== 'error')) return false;
  if (p.pin !== undefined && !(isObject(p.pin) && isString(p.pin.id) && isString(p.pin.url))) return false;
  if (p.board !== undefined && !(isObject(p.board) && isString(p.board.id) && (p.board.name === undefined || isString(p.board.name)))) return false;
  if (p.error !== undefined && !(isObject(p.error) && typeof p.error.code === 'number' && isString(p.error.message))) return false;
  return true;
}

/**
 * The extension's hand-over of the picked image. When the server cannot fetch it (a page on an
 * intranet or a loopback host, behind a log-in), the popup asks the page that opened it for its own copy
 * (`image_request`), and the extension, which read the page with the user's view of it, answers with the
 * bytes as a data: URL (`image`, null when it could not read them). Same wrapping, exact origins both ways.
 */
export interface ImageRequestMessage {
  corkboard: 1;
  type: 'image_request';
  payload: { guid: string };
}
export interface ImageMessage {
  corkboard: 1;
  type: 'image';
  payload: { guid: string; data: string | null };
}

export const imageRequest = (guid: string): ImageRequestMessage => ({ corkboard: 1, type: 'image_request', payload: { guid } });
export const imageMessage = (guid: string, data: string | null): ImageMessage => ({ corkboard: 1, type: 'image', payload: { guid, data } });

export function isImageRequest(data: unknown): data is ImageRequestMessage {
  return isObject(data) && data.corkboard === 1 && data.type === 'image_request' && isObject(data.payload) && isString(data.payload.guid);
}

export function isImageMessage(data: unknown): data is ImageMessage {
  if (!isObject(data) || data.corkboard !== 1 || data.type !== 'image' || !isObject(data.payload)) return false;
  const { guid, data: bytes } = data.payload;
  return isString(guid) && (bytes === null || (isString(bytes) && bytes.startsWith('data:')));
}
