import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

export default {
  title: "Powiadomienia",
  unread: "Nieprzeczytane: {{count}}",
  invite: "{{actor}} zaprasza cię do współpracy nad tablicą {{board}}.",
  inviteNoBoard: "{{actor}} zaprasza cię do współpracy nad tablicą.",
  accepted: "{{actor}} dołącza do twojej tablicy {{board}}.",
  acceptedNoBoard: "{{actor}} dołącza do jednej z twoich tablic.",
  follower: "{{actor}} obserwuje cię od teraz.",
  saved: "{{actor}} zapisuje twój Pin na tablicy {{board}}.",
  savedNoBoard: "{{actor}} zapisuje twój Pin.",
  seePin: "Zobacz swój Pin",
  new: "Nowe",
  empty: "Nie ma jeszcze powiadomień.",
  more: "Więcej powiadomień",
  reviewed: "We reviewed your report. Thank you for telling us.",
  hiddenPin: "We hid your Pin from everyone else. Why: {{reason}}",
  hiddenBoard: "We hid your board from everyone else. Why: {{reason}}",
  removedPin: "We removed your Pin. Why: {{reason}}",
  removedBoard: "We removed your board. Why: {{reason}}",
  warned: "A warning about what you shared. Why: {{reason}}",
  seeAndAppeal: "See it (you may appeal once)",
  restoredPin: "We looked again and your Pin is shown again. Why: {{reason}}",
  restoredBoard: "We looked again and your board is shown again. Why: {{reason}}",
} satisfies AreaTranslation<typeof english>;
