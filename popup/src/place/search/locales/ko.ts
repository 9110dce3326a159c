import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

export default {
  mineHeading: '내 핀 검색',
  mineLabel: '내 핀과 보드 검색',
  minePlaceholder: '단어, 사이트 또는 #해시태그',
  boardsHeading: '보드',
  pinsHeading: '핀',
  morePins: '핀 더 보기',
  noPins: '“{{query}}”와(과) 일치하는 핀이 없습니다.',
  searchEveryone: '모든 사람의 핀에서 “{{query}}” 검색',
  everyoneLabel: '핀 검색',
  everyoneHeading: '모든 사람의 핀',
  submit: '검색',
  typeToSearch: '단어나 #해시태그를 입력해 공개 핀을 찾아보세요.',
} satisfies AreaTranslation<typeof english>;
