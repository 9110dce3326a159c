import { defineMessages } from '../../i18n';

/**
 * A business's members (issue 27): /advertiser/{id}/members/ and the invite's /advertiser/invite/. The
 * server's member errors (330-349) are said here in the reader's language, by code.
 */
export const english = {
  title: 'Members',
  ownerIs: 'Owner: {{name}}',
  you: '(you)',
  roleAdmin: 'Admin',
  roleOwner: 'Co-owner',
  roleOf: 'Role of {{name}}',
  rolesHint: 'An admin acts for the business after two-factor authentication. A co-owner also manages members.',
  noMembers: 'No members yet.',
  pending: 'Invites waiting',
  cancelInvite: 'Cancel the invite to {{email}}',
  inviteCancelled: 'The invite to {{email}} is cancelled.',
  invite: 'Invite a member',
  email: 'Email',
  emailInvalid: 'Enter an email address.',
  role: 'Role',
  send: 'Send invite',
  invited: 'Invite sent to {{email}}.',
  roleChanged: 'The role of {{name}} is changed.',
  removeName: 'Remove {{name}}',
  removeWarning: "{{name}} will no longer act for this business and loses access to its campaigns, reports and billing.",
  leaveWarning: "You will no longer act for this business and lose access to its campaigns, reports and billing.",
  removed: '{{name}} no longer acts for this business.',
  leave: 'Leave this business',
  makeOwner: 'Make {{name}} the owner',
  transferred: '{{name}} now owns this business.',
  notMember: 'That person is not a member of this business.',
  inviteInvalid: 'This invite has expired or was already used.',
  otherEmail: 'This invite was sent to another email address. Log in with that account to accept it.',
  already: 'That person already acts for this business.',
  ownerOnly: "Only the business's owner can manage its members.",
  needsMember: 'Ownership can go only to a member of this business.',
  ownerStays: "The owner's role can't be changed or removed. Transfer ownership first.",
  acceptTitle: 'Join a business',
  acceptIntro: 'You were invited to act for a business. Accept with the account the invite was sent to.',
  accept: 'Accept invite',
  accepted: 'You now act for {{name}}.',
  toBusiness: 'Go to the business',
};

export const messages = defineMessages('members', english, (lang) => import(`./locales/${lang}.ts`));

export const { t } = messages;
