import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

export default {
  mineHeading: 'Поиск по вашим пинам',
  mineLabel: 'Поиск по вашим пинам и доскам',
  minePlaceholder: 'Слово, сайт или #хештег',
  boardsHeading: 'Доски',
  pinsHeading: 'Пины',
  morePins: 'Ещё пины',
  noPins: 'Нет пинов по запросу «{{query}}».',
  searchEveryone: 'Искать «{{query}}» среди пинов всех пользователей',
  everyoneLabel: 'Поиск пинов',
  everyoneHeading: 'Пины всех пользователей',
  submit: 'Найти',
  typeToSearch: 'Введите слово или #хештег, чтобы найти публичные пины.',
} satisfies AreaTranslation<typeof english>;
