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
  reviewed: "We hebben je melding bekeken. Bedankt dat je het ons liet weten.",
  hiddenPin: "We hebben je pin verborgen voor alle anderen. Reden: {{reason}}",
  hiddenBoard: "We hebben je bord verborgen voor alle anderen. Reden: {{reason}}",
  removedPin: "We hebben je pin verwijderd. Reden: {{reason}}",
  removedBoard: "We hebben je bord verwijderd. Reden: {{reason}}",
  warned: "Een waarschuwing over wat je hebt gedeeld. Reden: {{reason}}",
  seeAndAppeal: "Bekijken (je kunt één keer bezwaar maken)",
  restoredPin: "We hebben opnieuw gekeken en je pin is weer zichtbaar. Reden: {{reason}}",
  restoredBoard: "We hebben opnieuw gekeken en je bord is weer zichtbaar. Reden: {{reason}}",
  domainTaken: "Een ander account heeft bewezen dat {{domain}} zijn website is, dus je bent niet langer het officiële account. Is de site van jou, claim hem dan opnieuw in {{settings}}.",
  profileSettings: "je profielinstellingen",
} satisfies AreaTranslation<typeof english>;
