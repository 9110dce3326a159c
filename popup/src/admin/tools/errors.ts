import { ResourceError } from '../../api';
import { fromEnglish } from '../../i18n';

/** A refusal as the form shows it: the server's message (in the reader's language when we have it). */
export const errorText = (error: unknown) => fromEnglish(error instanceof ResourceError ? error.message : 'Sorry! Something went wrong on our end.');
