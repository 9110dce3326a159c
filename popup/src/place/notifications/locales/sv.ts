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
} satisfies AreaTranslation<typeof english>;
