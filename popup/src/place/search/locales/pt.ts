import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

export default {
  mineHeading: 'Pesquisar os seus Pins',
  mineLabel: 'Pesquisar os seus Pins e pastas',
  minePlaceholder: 'Uma palavra, um site ou uma #hashtag',
  boardsHeading: 'Pastas',
  pinsHeading: 'Pins',
  morePins: 'Mais Pins',
  noPins: 'Nenhum Pin corresponde a “{{query}}”.',
  searchEveryone: 'Pesquisar “{{query}}” nos Pins de todos',
  everyoneLabel: 'Pesquisar Pins',
  everyoneHeading: 'Pins de todos',
  submit: 'Pesquisar',
  typeToSearch: 'Escreva uma palavra ou uma #hashtag para encontrar Pins públicos.',
} satisfies AreaTranslation<typeof english>;
