import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

export default {
  mineHeading: 'Pin’lerinde ara',
  mineLabel: 'Pin’lerinde ve panolarında ara',
  minePlaceholder: 'Bir kelime, bir site ya da bir #hashtag',
  boardsHeading: 'Panolar',
  pinsHeading: 'Pin’ler',
  morePins: 'Daha fazla Pin',
  noPins: '“{{query}}” ile eşleşen Pin yok.',
  searchEveryone: 'Herkesin Pin’lerinde “{{query}}” ara',
  everyoneLabel: 'Pin ara',
  everyoneHeading: 'Herkesten Pin’ler',
  submit: 'Ara',
  typeToSearch: 'Herkese açık Pin’leri bulmak için bir kelime ya da #hashtag yaz.',
} satisfies AreaTranslation<typeof english>;
