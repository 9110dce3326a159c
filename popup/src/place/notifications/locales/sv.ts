import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

export default {
  title: "Aviseringar",
  unread: "{{count}} olästa",
  invite: "{{actor}} har bjudit in dig att samarbeta på {{board}}.",
  inviteNoBoard: "{{actor}} har bjudit in dig att samarbeta på en anslagstavla.",
  accepted: "{{actor}} gick med i din anslagstavla {{board}}.",
  acceptedNoBoard: "{{actor}} gick med i en av dina anslagstavlor.",
  follower: "{{actor}} har börjat följa dig.",
  saved: "{{actor}} sparade din Pin på {{board}}.",
  savedNoBoard: "{{actor}} sparade din Pin.",
  seePin: "Se din Pin",
  new: "Ny",
  empty: "Inga aviseringar än.",
  more: "Fler aviseringar",
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
