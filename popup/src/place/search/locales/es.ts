import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

export default {
  mineHeading: 'Buscar en tus Pines',
  mineLabel: 'Buscar en tus Pines y tableros',
  minePlaceholder: 'Una palabra, un sitio o un #hashtag',
  boardsHeading: 'Tableros',
  pinsHeading: 'Pines',
  morePins: 'Más Pines',
  noPins: 'Ningún Pin coincide con «{{query}}».',
  searchEveryone: 'Buscar «{{query}}» en los Pines de todos',
  everyoneLabel: 'Buscar Pines',
  everyoneHeading: 'Pines de todos',
  submit: 'Buscar',
  typeToSearch: 'Escribe una palabra o un #hashtag para encontrar Pines públicos.',
} satisfies AreaTranslation<typeof english>;
