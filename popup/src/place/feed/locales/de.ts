import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

export default {
  feedHeading: 'Von Personen und Pinnwänden, denen du folgst',
  morePins: 'Weitere Pins',
  feedEmpty: 'Folge Personen und Pinnwänden, um ihre neuen Pins hier zu sehen.',
  followBoard: 'Folgen',
  followingBoard: 'Gefolgt',
  followBoardName: 'Der Pinnwand {{name}} folgen',
  followingBoardName: 'Gefolgt: Pinnwand {{name}}',
  logInToFollowBoard: 'Melde dich an, um dieser Pinnwand zu folgen',
  followersTitle: 'Follower von {{name}}',
  followingTitle: '{{name}} folgt',
  backToProfile: 'Zurück zu {{name}}',
  peopleHeading: 'Personen',
  boardsHeading: 'Pinnwände',
  morePeople: 'Weitere Personen',
  moreBoards: 'Weitere Pinnwände',
  noPeople: 'Folgt noch niemandem.',
  noBoards: 'Folgt noch keinen Pinnwänden.',
  noFollowers: 'Noch keine Follower.',
  boardFollowers_one: '{{count}} Follower',
  boardFollowers_other: '{{count}} Follower',
  followers_one: '{{count}} Follower',
  followers_other: '{{count}} Follower',
  following_one: '{{count}} gefolgt',
  following_other: '{{count}} gefolgt',
} satisfies AreaTranslation<typeof english>;
