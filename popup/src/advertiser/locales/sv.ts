import type { AreaTranslation } from '../../i18n';
import type { english } from '../messages';

export default {} satisfies AreaTranslation<typeof english>;
