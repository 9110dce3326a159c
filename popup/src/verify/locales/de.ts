import type { AreaTranslation } from '../../i18n';
import type { english } from '../messages';

export default {
  title: 'Bestätige deine E-Mail-Adresse',
  confirmIntro: 'Bestätige, dass diese E-Mail-Adresse dir gehört. Bis dahin warten Einladungen an sie auf dich.',
  confirm: 'E-Mail bestätigen',
  confirming: 'Wird bestätigt…',
  doneTitle: 'Deine E-Mail-Adresse ist bestätigt',
  doneBody: '{{email}} ist bestätigt. Einladungen an diese Adresse kannst du jetzt annehmen.',
  expired: 'Dieser Link ist abgelaufen oder wurde schon benutzt. Fordere in deinen Kontoeinstellungen einen neuen an.',
  claimed: 'Diese E-Mail-Adresse gehört inzwischen zu einem anderen Konto.',
  toSettings: 'Zu den Kontoeinstellungen',
  sectionTitle: 'E-Mail-Adresse',
  verified: '{{email}} ist bestätigt.',
  unverified: '{{email}} ist noch nicht bestätigt. Folge dem Link, den wir dir gemailt haben.',
  pending: 'Wir haben einen Link an {{email}} geschickt. Sobald du ihm folgst, wird sie die E-Mail-Adresse deines Kontos.',
  resend: 'E-Mail erneut senden',
  sent: 'E-Mail an {{email}} gesendet!',
  inviteWaits: 'Du bist zu diesem Board eingeladen. Bestätige deine E-Mail-Adresse, um es zu sehen und beizutreten.',
  undoTitle: 'E-Mail-Änderung rückgängig machen',
  undoIntro: 'Mach diese Adresse wieder zur E-Mail-Adresse deines Kontos und melde dich überall ab. Setze danach dein Passwort zurück.',
  undo: 'Änderung rückgängig machen',
  undone: '{{email}} ist wieder die E-Mail-Adresse deines Kontos, und alle Sitzungen sind abgemeldet. Setze dein Passwort zurück, um dich anzumelden.',
} satisfies AreaTranslation<typeof english>;
