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
  reviewed: "Vi har granskat din rapport. Tack för att du berättade.",
  hiddenPin: "Vi har dolt din pin för alla andra. Anledning: {{reason}}",
  hiddenBoard: "Vi har dolt din anslagstavla för alla andra. Anledning: {{reason}}",
  removedPin: "Vi har tagit bort din pin. Anledning: {{reason}}",
  removedBoard: "Vi har tagit bort din anslagstavla. Anledning: {{reason}}",
  warned: "En varning om det du har delat. Anledning: {{reason}}",
  seeAndAppeal: "Visa (du kan överklaga en gång)",
  restoredPin: "Vi har tittat igen och din pin visas igen. Anledning: {{reason}}",
  restoredBoard: "Vi har tittat igen och din anslagstavla visas igen. Anledning: {{reason}}",
  domainTaken: "Ett annat konto har bevisat att {{domain}} är dess webbplats, så du är inte längre dess officiella konto. Om webbplatsen är din, gör anspråk på den igen i {{settings}}.",
  profileSettings: "dina profilinställningar",
} satisfies AreaTranslation<typeof english>;
