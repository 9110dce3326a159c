import { describe, expect, it } from 'vitest';
import type { Privacy } from '../db/schema.js';
import {
  boardRule,
  campaignRule,
  memberInviteRule,
  memberRule,
  noticeRule,
  pinRule,
  profileRule,
  promoteRule,
  sectionRule,
  sessionPassedMfa,
  type Action,
  type BoardFacts,
  type BusinessFacts,
  type PinFacts,
  type Relation,
  type Verdict,
} from './rules.js';

/**
 * The object policy as a table (design item 2): roles down, actions across. Each cell is
 * what the role meets: ✓ allowed, 404 answered exactly as a missing object, 403 forbidden (the
 * object is seen), MFA two-factor first. A row reads as the spec's sentence about that role.
 */
type Cell = '✓' | '404' | '403' | 'MFA';
const cell = (v: Verdict): Cell => (v.allow ? '✓' : v.answer === 'missing' ? '404' : v.answer === 'mfa' ? 'MFA' : '403');

const check = <R extends string>(actions: readonly Action[], table: Record<R, Cell[]>, decide: (role: R, action: Action) => Verdict) => {
  for (const [role, row] of Object.entries(table) as Array<[R, Cell[]]>) {
    it(role, () => {
      expect(actions.map((action) => cell(decide(role, action)))).toEqual(row);
    });
  }
};

const board = (relation: Relation, privacy: Privacy = 'public', more: Partial<BoardFacts> = {}): BoardFacts => ({
  relation,
  privacy,
  archived: false,
  ownerState: 'active',
  ...more,
});
const RELATIONS = ['owner', 'collaborator', 'follower', 'stranger', 'visitor'] as const;
const BOARD_ACTIONS = ['view', 'save', 'move', 'edit', 'delete', 'invite', 'promote'] as const;
//                      view   save   move   edit   delete invite promote
const ALL_MISSING: Cell[] = ['404', '404', '404', '404', '404', '404', '404'];

describe('boards: a public board', () => {
  check(
    BOARD_ACTIONS,
    {
      owner: ['✓', '✓', '✓', '✓', '✓', '✓', '403'],
      collaborator: ['✓', '✓', '✓', '403', '403', '403', '403'],
      // Following the owner grants nothing a stranger does not have.
      follower: ['✓', '403', '403', '403', '403', '403', '403'],
      stranger: ['✓', '403', '403', '403', '403', '403', '403'],
      visitor: ['✓', '403', '403', '403', '403', '403', '403'],
    },
    (role, action) => boardRule(action, board(role)),
  );
});

describe('boards: a secret board, and a protected one (an advertiser’s), are their members’ alone', () => {
  for (const privacy of ['secret', 'protected'] as const) {
    describe(privacy, () => {
      check(
        BOARD_ACTIONS,
        {
          owner: ['✓', '✓', '✓', '✓', '✓', '✓', '403'],
          collaborator: ['✓', '✓', '✓', '403', '403', '403', '403'],
          follower: ALL_MISSING,
          stranger: ALL_MISSING,
          visitor: ALL_MISSING,
        },
        (role, action) => boardRule(action, board(role, privacy)),
      );
    });
  }
});

describe('boards: an archived board is its owner’s alone, to see, unarchive (edit) or delete; nothing is saved to it', () => {
  for (const privacy of ['public', 'secret'] as const) {
    describe(privacy, () => {
      check(
        BOARD_ACTIONS,
        {
          owner: ['✓', '403', '403', '✓', '✓', '403', '403'],
          collaborator: ALL_MISSING,
          follower: ALL_MISSING,
          stranger: ALL_MISSING,
          visitor: ALL_MISSING,
        },
        (role, action) => boardRule(action, board(role, privacy, { archived: true })),
      );
    });
  }
  it('refuses a save with a code of its own, so the page can say why', () => {
    expect(boardRule('save', board('owner', 'public', { archived: true }))).toMatchObject({ answer: 'forbidden', error: 'board_archived' });
  });
});

describe('board settings and sections from the board page: the owner changes settings and invites; a collaborator adds sections only', () => {
  check(
    ['edit', 'invite'] as const,
    {
      owner: ['✓', '✓'],
      collaborator: ['403', '403'],
      follower: ['403', '403'],
      stranger: ['403', '403'],
      visitor: ['403', '403'],
    },
    (role, action) => boardRule(action, board(role)),
  );
  check(
    ['save'] as const,
    {
      owner: ['✓'],
      collaborator: ['✓'],
      follower: ['403'],
      stranger: ['403'],
      visitor: ['403'],
    },
    (role) => sectionRule('save', board(role)),
  );
});

describe('boards: an invite is taken up by someone not yet a member, on a board still in sight (join)', () => {
  for (const privacy of ['public', 'secret'] as const) {
    describe(privacy, () => {
      check(['join'] as const, { owner: ['403'], collaborator: ['✓'], follower: ['✓'], stranger: ['✓'], visitor: ['403'] }, (role, action) =>
        boardRule(action, board(role, privacy)),
      );
    });
  }
  describe('a suspended or deactivated owner’s board, or an archived one', () => {
    for (const more of [{ ownerState: 'suspended' }, { ownerState: 'deactivated' }, { archived: true }]) {
      check(['join'] as const, { collaborator: ['404'], follower: ['404'], stranger: ['404'], visitor: ['404'] }, (role, action) =>
        boardRule(action, board(role, 'secret', more)),
      );
    }
  });
});

describe('boards: a suspended or deactivated owner’s board is missing to everyone, as their profile is', () => {
  for (const ownerState of ['suspended', 'deactivated', 'some_state_this_code_does_not_know']) {
    describe(ownerState, () => {
      check(BOARD_ACTIONS, Object.fromEntries(RELATIONS.map((r) => [r, ALL_MISSING])) as Record<Relation, Cell[]>, (role, action) =>
        boardRule(action, board(role, 'public', { ownerState })),
      );
    });
  }
});

describe('sections: seen with their board, changed by its members', () => {
  const SECTION_ACTIONS = ['view', 'edit', 'move', 'delete', 'invite'] as const;
  check(
    SECTION_ACTIONS,
    {
      owner: ['✓', '✓', '✓', '✓', '403'],
      collaborator: ['✓', '✓', '✓', '✓', '403'],
      'stranger (public board)': ['✓', '403', '403', '403', '403'],
      'stranger (secret board)': ['404', '404', '404', '404', '404'],
      'collaborator (suspended owner)': ['404', '404', '404', '404', '404'],
    },
    (role, action) => {
      const facts: Record<string, BoardFacts> = {
        owner: board('owner', 'secret'),
        collaborator: board('collaborator', 'secret'),
        'stranger (public board)': board('stranger'),
        'stranger (secret board)': board('stranger', 'secret'),
        'collaborator (suspended owner)': board('collaborator', 'secret', { ownerState: 'suspended' }),
      };
      return sectionRule(action, facts[role]!);
    },
  );
});

describe('pins: the pinner or the board’s owner changes a pin; only they take it to another board', () => {
  // `move` takes the pin to another board; `move here` changes its section on the same board.
  // `label`: marking it a paid partnership, its creator's alone.
  const PIN_ACTIONS = ['view', 'edit', 'move', 'move here', 'delete', 'label', 'promote'] as const;
  const pin = (relation: Relation, pinnedByActor: boolean, more: Partial<PinFacts> = {}): PinFacts => ({
    ...board(relation),
    pinnedByActor,
    pinnerState: 'active',
    ...more,
  });
  const cases: Record<string, PinFacts> = {
    'board owner, a collaborator’s pin': pin('owner', false),
    'collaborator, their own pin': pin('collaborator', true),
    'collaborator, the owner’s pin': pin('collaborator', false),
    'follower of the owner': pin('follower', false),
    stranger: pin('stranger', false),
    visitor: pin('visitor', false),
    'stranger, a secret board’s pin': pin('stranger', false, { privacy: 'secret' }),
    'collaborator, a suspended owner’s board': pin('collaborator', true, { ownerState: 'suspended' }),
    'board owner, a deactivated pinner’s pin': pin('owner', false, { pinnerState: 'deactivated' }),
  };
  check(
    PIN_ACTIONS as unknown as Action[],
    {
      'board owner, a collaborator’s pin': ['✓', '✓', '✓', '✓', '✓', '403', '403'],
      'collaborator, their own pin': ['✓', '✓', '✓', '✓', '✓', '✓', '403'],
      // The hole this closes: a collaborator carried the owner's pins off to a board of their own.
      'collaborator, the owner’s pin': ['✓', '403', '403', '✓', '403', '403', '403'],
      'follower of the owner': ['✓', '403', '403', '403', '403', '403', '403'],
      stranger: ['✓', '403', '403', '403', '403', '403', '403'],
      visitor: ['✓', '403', '403', '403', '403', '403', '403'],
      'stranger, a secret board’s pin': ['404', '404', '404', '404', '404', '404', '404'],
      'collaborator, a suspended owner’s board': ['404', '404', '404', '404', '404', '404', '404'],
      'board owner, a deactivated pinner’s pin': ['404', '404', '404', '404', '404', '404', '404'],
    },
    (role, action) => (action === ('move here' as Action) ? pinRule('move', { ...cases[role]!, withinBoard: true }) : pinRule(action, cases[role]!)),
  );
});

describe('profiles: a suspended or deactivated account is missing, and no one reaches it', () => {
  const PROFILE_ACTIONS = ['view', 'follow', 'invite', 'edit'] as const;
  check(
    PROFILE_ACTIONS,
    {
      self: ['✓', '✓', '✓', '✓'],
      follower: ['✓', '✓', '✓', '403'],
      stranger: ['✓', '✓', '✓', '403'],
      visitor: ['✓', '403', '403', '403'],
      'suspended account': ['404', '404', '404', '404'],
      'deactivated account': ['404', '404', '404', '404'],
    },
    (role, action) => {
      if (role === 'suspended account' || role === 'deactivated account') return profileRule(action, { relation: 'stranger', state: role.split(' ')[0]! });
      return profileRule(action, { relation: role, state: 'active' });
    },
  );
});

describe('campaigns and quick promote: a business’s owner, its members (OWNER, ADMIN) with and without two-factor', () => {
  const businesses: Record<string, BusinessFacts> = {
    'business owner': { role: { owner: true }, mfa: false, ownerState: 'active' },
    'member with OWNER, no MFA': { role: { owner: false, permissions: ['OWNER'] }, mfa: false, ownerState: 'active' },
    'member with ADMIN and MFA': { role: { owner: false, permissions: ['ADMIN'] }, mfa: true, ownerState: 'active' },
    'member with ADMIN, no MFA': { role: { owner: false, permissions: ['ADMIN'] }, mfa: false, ownerState: 'active' },
    'someone outside the business': { role: null, mfa: true, ownerState: 'active' },
    'member with OWNER of a suspended owner’s business': { role: { owner: false, permissions: ['OWNER'] }, mfa: true, ownerState: 'suspended' },
  };
  const ownPin: PinFacts = { ...board('owner'), pinnedByActor: true, pinnerState: 'active' };
  const strangersPin: PinFacts = { ...board('stranger'), pinnedByActor: false, pinnerState: 'active' };
  const COLUMNS = ['view', 'edit', 'delete', 'promote its own pin', 'promote a stranger’s pin', 'promote a secret pin not seen'] as const;
  check(
    COLUMNS as unknown as Action[],
    {
      'business owner': ['✓', '✓', '✓', '✓', '403', '404'],
      'member with OWNER, no MFA': ['✓', '✓', '✓', '✓', '403', '404'],
      'member with ADMIN and MFA': ['✓', '✓', '✓', '✓', '403', '404'],
      'member with ADMIN, no MFA': ['MFA', 'MFA', 'MFA', 'MFA', 'MFA', 'MFA'],
      'someone outside the business': ['404', '404', '404', '404', '404', '404'],
      'member with OWNER of a suspended owner’s business': ['404', '404', '404', '404', '404', '404'],
    },
    (role, column) => {
      const business = businesses[role]!;
      switch (column as string) {
        case 'promote its own pin':
          return promoteRule({ business, pin: ownPin, ownedByBusiness: true });
        case 'promote a stranger’s pin':
          return promoteRule({ business, pin: strangersPin, ownedByBusiness: false });
        case 'promote a secret pin not seen':
          return promoteRule({ business, pin: { ...strangersPin, privacy: 'secret' }, ownedByBusiness: true });
        default:
          return campaignRule(column, business);
      }
    },
  );

  it('refuses a stranger’s pin with a code of its own (250), not a bare forbidden', () => {
    expect(promoteRule({ business: businesses['business owner']!, pin: strangersPin, ownedByBusiness: false })).toMatchObject({
      allow: false,
      answer: 'forbidden',
      error: 'promote_pin_not_owned',
    });
  });
});

describe('business members: members see the list, the owner (or OWNER) manages it, only the owner hands it over', () => {
  const businesses: Record<string, BusinessFacts> = {
    'business owner': { role: { owner: true }, mfa: false, ownerState: 'active' },
    'member with OWNER, no MFA': { role: { owner: false, permissions: ['OWNER'] }, mfa: false, ownerState: 'active' },
    'member with ADMIN and MFA': { role: { owner: false, permissions: ['ADMIN'] }, mfa: true, ownerState: 'active' },
    'member with ADMIN, no MFA': { role: { owner: false, permissions: ['ADMIN'] }, mfa: false, ownerState: 'active' },
    'someone outside the business': { role: null, mfa: true, ownerState: 'active' },
  };
  const COLUMNS = [
    'view',
    'invite',
    'change a member’s role',
    'remove a member',
    'change the owner’s role',
    'remove the owner',
    'leave',
    'transfer to a member',
    'transfer to oneself',
  ] as const;
  check(
    COLUMNS as unknown as Action[],
    {
      //                               view   invite  role   remove  owner's owner  leave  transfer self
      'business owner': ['✓', '✓', '✓', '✓', '403', '403', '403', '✓', '403'],
      'member with OWNER, no MFA': ['✓', '✓', '✓', '✓', '403', '403', '✓', '403', '403'],
      'member with ADMIN and MFA': ['✓', '403', '403', '403', '403', '403', '✓', '403', '403'],
      'member with ADMIN, no MFA': ['MFA', 'MFA', 'MFA', 'MFA', 'MFA', 'MFA', 'MFA', 'MFA', 'MFA'],
      'someone outside the business': ['404', '404', '404', '404', '404', '404', '404', '404', '404'],
    },
    (role, column) => {
      const business = businesses[role]!;
      switch (column as string) {
        case 'view':
          return memberRule('view', { business, target: 'none' });
        case 'invite':
          return memberRule('invite', { business, target: 'none' });
        case 'change a member’s role':
          return memberRule('edit', { business, target: 'member' });
        case 'remove a member':
          return memberRule('delete', { business, target: 'member' });
        case 'change the owner’s role':
          return memberRule('edit', { business, target: 'owner' });
        case 'remove the owner':
          return memberRule('delete', { business, target: 'owner' });
        case 'leave':
          return memberRule('delete', { business, target: 'self' });
        case 'transfer to a member':
          return memberRule('transfer', { business, target: 'member' });
        default:
          return memberRule('transfer', { business, target: 'self' });
      }
    },
  );

  it('answers with codes of their own (338, 339, 340), not a bare forbidden', () => {
    const admin = businesses['member with ADMIN and MFA']!;
    const owner = businesses['business owner']!;
    expect(memberRule('invite', { business: admin, target: 'none' })).toMatchObject({ error: 'members_owner_only' });
    expect(memberRule('transfer', { business: owner, target: 'self' })).toMatchObject({ error: 'transfer_needs_member' });
    expect(memberRule('delete', { business: owner, target: 'self' })).toMatchObject({ error: 'member_is_owner' });
  });
});

describe('a business member invite is asked again when it is taken up: the business and its sender as they are now', () => {
  const owner = { owner: true } as const;
  const ownerMember = { owner: false, permissions: ['OWNER'] } as const;
  const admin = { owner: false, permissions: ['ADMIN'] } as const;
  check(
    ['take up'] as unknown as Action[],
    {
      'sent by the owner': ['✓'],
      'sent by a member still holding OWNER': ['✓'],
      'sent by a member since demoted to ADMIN': ['404'],
      'sent by a member since removed': ['404'],
      'sent by a member since suspended': ['404'],
      'sent by the owner, since suspended': ['404'],
      'sent by the owner, since deactivated': ['404'],
      'sent by an OWNER member of a business whose owner is suspended': ['404'],
    },
    (row) => {
      const facts = {
        'sent by the owner': { ownerState: 'active', inviterState: 'active', inviterRole: owner },
        'sent by a member still holding OWNER': { ownerState: 'active', inviterState: 'active', inviterRole: ownerMember },
        'sent by a member since demoted to ADMIN': { ownerState: 'active', inviterState: 'active', inviterRole: admin },
        'sent by a member since removed': { ownerState: 'active', inviterState: 'active', inviterRole: null },
        'sent by a member since suspended': { ownerState: 'active', inviterState: 'suspended', inviterRole: ownerMember },
        'sent by the owner, since suspended': { ownerState: 'suspended', inviterState: 'suspended', inviterRole: owner },
        'sent by the owner, since deactivated': { ownerState: 'deactivated', inviterState: 'deactivated', inviterRole: owner },
        'sent by an OWNER member of a business whose owner is suspended': { ownerState: 'suspended', inviterState: 'active', inviterRole: ownerMember },
      }[row]!;
      return memberInviteRule(facts);
    },
  );
});

describe('two-factor is read from the session: an ADMIN member acts once this session passed it since it was turned on', () => {
  const ON_AT = 1_000;
  const SESSIONS = {
    'two-factor off': [{ mfaMethod: null, mfaEnabledAt: null }, null],
    'on, this session never passed it (it began before)': [{ mfaMethod: 'totp', mfaEnabledAt: ON_AT }, null],
    'on, this session passed an earlier two-factor, since turned off and on': [{ mfaMethod: 'totp', mfaEnabledAt: ON_AT }, ON_AT - 1],
    'on, this session passed it when it was turned on': [{ mfaMethod: 'totp', mfaEnabledAt: ON_AT }, ON_AT],
    'on, this session passed it later (a log-in with a code, a step-up)': [{ mfaMethod: 'sms', mfaEnabledAt: ON_AT }, ON_AT + 5],
  } as const;
  const EXPECTED: Record<keyof typeof SESSIONS, Cell> = {
    'two-factor off': 'MFA',
    'on, this session never passed it (it began before)': 'MFA',
    'on, this session passed an earlier two-factor, since turned off and on': 'MFA',
    'on, this session passed it when it was turned on': '✓',
    'on, this session passed it later (a log-in with a code, a step-up)': '✓',
  };
  for (const [name, [account, mfaAt]] of Object.entries(SESSIONS)) {
    it(name, () => {
      const mfa = sessionPassedMfa(account, mfaAt);
      expect(cell(campaignRule('edit', { role: { owner: false, permissions: ['ADMIN'] }, mfa, ownerState: 'active' }))).toBe(
        EXPECTED[name as keyof typeof SESSIONS],
      );
      // The owner, and a member holding OWNER, act whatever the session.
      expect(cell(campaignRule('edit', { role: { owner: true }, mfa, ownerState: 'active' }))).toBe('✓');
      expect(cell(campaignRule('edit', { role: { owner: false, permissions: ['OWNER'] }, mfa, ownerState: 'active' }))).toBe('✓');
    });
  }
});

describe('boards: following one is for anyone logged in who sees it, but its owner', () => {
  const follow = (relation: Relation, privacy: Privacy = 'public', more: Partial<BoardFacts> = {}) => cell(boardRule('follow', board(relation, privacy, more)));
  it('a public board', () => {
    expect(RELATIONS.map((r) => follow(r))).toEqual(['403', '✓', '✓', '✓', '403']);
    expect(boardRule('follow', board('owner'))).toMatchObject({ error: 'follow_own_board' });
  });
  it('a secret board: its collaborators only; strangers meet it as missing', () => {
    expect(RELATIONS.map((r) => follow(r, 'secret'))).toEqual(['403', '✓', '404', '404', '404']);
  });
  it('an archived board, or a suspended owner’s, is missing to everyone (an archived one but to its owner, who is told it is archived)', () => {
    expect(RELATIONS.map((r) => follow(r, 'public', { archived: true }))).toEqual(['403', '404', '404', '404', '404']);
    expect(RELATIONS.map((r) => follow(r, 'public', { ownerState: 'suspended' }))).toEqual(['404', '404', '404', '404', '404']);
  });
});

describe('a notification names its board and links its pin only while its reader may still see them', () => {
  const pin = (b: BoardFacts, more: Partial<PinFacts> = {}): PinFacts => ({ ...b, pinnedByActor: false, pinnerState: 'active', ...more });
  const cases: Array<[string, Parameters<typeof noticeRule>[0], { board: boolean; pin: boolean }]> = [
    ['a public board and its pin', { board: board('stranger'), invitePending: false, pin: pin(board('stranger')) }, { board: true, pin: true }],
    [
      'a secret board the reader collaborates on',
      { board: board('collaborator', 'secret'), invitePending: false, pin: pin(board('collaborator', 'secret')) },
      { board: true, pin: true },
    ],
    [
      'a secret board the reader was removed from',
      { board: board('stranger', 'secret'), invitePending: false, pin: pin(board('stranger', 'secret')) },
      { board: false, pin: false },
    ],
    ['a secret board whose invite the reader still holds', { board: board('stranger', 'secret'), invitePending: true, pin: null }, { board: true, pin: false }],
    ['a secret board whose invite was withdrawn', { board: board('stranger', 'secret'), invitePending: false, pin: null }, { board: false, pin: false }],
    [
      'an invite to a board archived since',
      { board: board('stranger', 'secret', { archived: true }), invitePending: true, pin: null },
      { board: false, pin: false },
    ],
    [
      'a board whose owner is suspended since',
      {
        board: board('collaborator', 'public', { ownerState: 'suspended' }),
        invitePending: false,
        pin: pin(board('collaborator', 'public', { ownerState: 'suspended' })),
      },
      { board: false, pin: false },
    ],
    [
      'a pin whose pinner is deactivated since',
      { board: null, invitePending: false, pin: pin(board('stranger'), { pinnerState: 'deactivated' }) },
      { board: false, pin: false },
    ],
    ['a notice with neither', { board: null, invitePending: false, pin: null }, { board: false, pin: false }],
  ];
  for (const [name, facts, expected] of cases) it(name, () => expect(noticeRule(facts)).toEqual(expected));
});
