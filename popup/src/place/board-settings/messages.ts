import { defineMessages } from '../../i18n';

/**
 * Board settings from the board page (issue 28): name, description, secret, cover, collaborators,
 * archiving, and adding a section. The board page is a lazy chunk; these words come with it, translated
 * into every language (i18n/catalogues.test.ts).
 */
export const english = {
  editBoard: "Edit board",
  settingsTitle: "Board settings",
  name: "Name",
  description: "Description",
  secret: "Keep this board secret",
  secretHint: "Only you and your collaborators can see it.",
  cover: "Cover",
  coverAutomatic: "Automatic",
  coverPin: "Pin {{n}}",
  noCovers: "Save Pins with images to this board to choose its cover.",
  save: "Save",
  saving: "Saving…",
  cancel: "Cancel",
  saved: "Changes saved.",
  inviteTitle: "Invite collaborators",
  invite: "Send invites",
  invitesSent: "Invites sent.",
  pendingTitle: "Invites waiting",
  withdraw: "Withdraw",
  withdrawName: "Withdraw the invite to {{name}}",
  withdrawWarning: "{{name}} will no longer be able to join this board with this invite.",
  withdrawn: "The invite to {{name}} is withdrawn.",
  archive: "Archive board",
  archiveHint: "Archiving hides the board from your profile and the board picker. You can unarchive it at any time.",
  unarchive: "Unarchive",
  archivedNotice: "This board is archived. Only you can see it, and nothing can be saved to it.",
  archivedBoards: "Archived boards",
  addSection: "Add section",
  closeSection: "Cancel",
};

export const messages = defineMessages('boardSettings', english, (lang) => import(`./locales/${lang}.ts`));

export const { t } = messages;
