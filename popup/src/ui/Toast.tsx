/** A short message that goes away by itself, announced politely: the auth forms' toast, for every area. */
export { TOAST_MS, Toast } from '../auth/Toast';
