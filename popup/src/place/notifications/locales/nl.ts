import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

export default {
  title: "Meldingen",
  unread: "{{count}} ongelezen",
  invite: "{{actor}} heeft je uitgenodigd om mee te werken aan {{board}}.",
  inviteNoBoard: "{{actor}} heeft je uitgenodigd om mee te werken aan een bord.",
  accepted: "{{actor}} doet nu mee aan je bord {{board}}.",
  acceptedNoBoard: "{{actor}} doet nu mee aan een van je borden.",
  follower: "{{actor}} volgt je nu.",
  saved: "{{actor}} heeft je Pin bewaard op {{board}}.",
  savedNoBoard: "{{actor}} heeft je Pin bewaard.",
  seePin: "Je Pin bekijken",
  new: "Nieuw",
  empty: "Nog geen meldingen.",
  more: "Meer meldingen",
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
