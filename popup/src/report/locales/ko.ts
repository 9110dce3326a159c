import type { AreaTranslation } from '../../i18n';
import { english } from '../messages';

/** Not translated yet: the English words (the page reads the same as in English). */
const words: AreaTranslation<typeof english> = english;
export default words;
