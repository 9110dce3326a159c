import { describe, expect, it } from 'vitest';
import {
  creationDisabled,
  gateOpen,
  GATES,
  groupsFrom,
  openGates,
  scenarioOf,
  type ExperimentGroup,
  type GateInput,
  type GateName,
  type Scenario,
} from './gates.js';

const viewer = { isAuth: true, isPartner: false, video_upload_allowed: false };
const partner = { ...viewer, isPartner: true };
const input = (over: Partial<GateInput> & { groups?: ReadonlySet<ExperimentGroup> } = {}): GateInput => ({
  viewer,
  scenario: 'default',
  groups: new Set(),
  ...over,
});

describe('the pin-builder gate table', () => {
  const partnerGates: GateName[] = [
    'carousel',
    'editing',
    'education',
    'layouts',
    'link_status_validation',
    'multi_pin',
    'scheduling',
    'shop_the_pin',
    'system_fonts',
    'tagging',
    'video_editing',
    'pin_quality',
  ];
  const userGates: GateName[] = [
    'multi_pin_normal_pinners',
    'disabled_creation_switches',
    'idea_pin_product_tagging',
    'alt_text',
    'story_comment_permissions',
    'video',
    'video_tagging',
  ];

  it('names every gate of the spec once, with its role', () => {
    expect(Object.keys(GATES).sort()).toEqual([...partnerGates, ...userGates].sort());
    for (const name of partnerGates) expect(GATES[name].role).toBe('partner');
    for (const name of userGates) expect(GATES[name].role).toBe('user');
  });

  // The widest case for each gate: its scenario, every group, video allowed, English.
  const widest = (name: GateName, who: GateInput['viewer']): GateInput => {
    const rule = GATES[name] as { scenarios?: readonly Scenario[] };
    return {
      viewer: { ...who, video_upload_allowed: true, locale: 'en-GB' },
      scenario: rule.scenarios?.[0] ?? 'default',
      groups: new Set(['employees', 'enabled', 'rollout']),
    };
  };

  it.each(partnerGates)('%s opens for an authenticated partner only', (name) => {
    expect(gateOpen(name, widest(name, partner))).toBe(true);
    expect(gateOpen(name, widest(name, viewer))).toBe(false);
    expect(gateOpen(name, widest(name, { ...partner, isAuth: false }))).toBe(false);
  });

  it.each(userGates)('%s opens for any authenticated user, partner or not, never a visitor', (name) => {
    expect(gateOpen(name, widest(name, viewer))).toBe(true);
    expect(gateOpen(name, widest(name, partner))).toBe(true);
    expect(gateOpen(name, widest(name, { ...viewer, isAuth: false }))).toBe(false);
  });

  it('limits gates to their scenarios', () => {
    expect(gateOpen('scheduling', input({ viewer: partner, scenario: 'ad_creation' }))).toBe(true);
    expect(gateOpen('scheduling', input({ viewer: partner, scenario: 'story_pin' }))).toBe(false);
    expect(gateOpen('story_comment_permissions', input({ scenario: 'story_pin_v2' }))).toBe(true);
    expect(gateOpen('story_comment_permissions', input())).toBe(false);
    expect(gateOpen('alt_text', input({ scenario: 'business_nux' }))).toBe(true);
  });

  it('limits gates to their experiment groups', () => {
    expect(gateOpen('layouts', input({ viewer: partner }))).toBe(false);
    expect(gateOpen('layouts', input({ viewer: partner, groups: new Set(['rollout']) }))).toBe(true);
    expect(gateOpen('multi_pin_normal_pinners', input({ groups: new Set(['rollout']) }))).toBe(false);
    expect(gateOpen('multi_pin_normal_pinners', input({ groups: new Set(['employees']) }))).toBe(true);
  });

  it('video needs video_upload_allowed; video tagging is English only; video editing is off when acting as another account', () => {
    expect(gateOpen('video', input())).toBe(false);
    expect(gateOpen('video', input({ viewer: { ...viewer, video_upload_allowed: true } }))).toBe(true);
    expect(gateOpen('video_tagging', input({ viewer: { ...viewer, video_upload_allowed: true, locale: 'fr' } }))).toBe(false);
    expect(gateOpen('video_tagging', input({ viewer: { ...viewer, video_upload_allowed: true, locale: 'en-US' } }))).toBe(true);
    expect(gateOpen('video_editing', input({ viewer: { ...partner, video_upload_allowed: true } }))).toBe(true);
    expect(gateOpen('video_editing', input({ viewer: { ...partner, video_upload_allowed: true, actingAs: true } }))).toBe(false);
  });

  it('openGates answers every gate', () => {
    const all = openGates(input());
    expect(Object.keys(all).sort()).toEqual(Object.keys(GATES).sort());
    expect(all).toMatchObject({ alt_text: true, video: false, carousel: false });
  });
});

describe('pin creation disabled by experiment group', () => {
  const kinds = {
    web: { builder: false, video: false },
    builder: { builder: true, video: false },
    video: { builder: true, video: true },
    idea: { builder: true, video: false, idea: true },
  };
  it.each([
    ['disable_all', { web: true, builder: true, video: true, idea: true }],
    ['disable_web_pins', { web: false, builder: true, video: true, idea: true }],
    ['disable_video', { web: false, builder: false, video: true, idea: false }],
    ['disable_idea_pins', { web: false, builder: false, video: false, idea: true }],
  ] as const)('%s', (group, expected) => {
    for (const [kind, disabled] of Object.entries(expected))
      expect([kind, creationDisabled(new Set([group]), kinds[kind as keyof typeof kinds])]).toEqual([kind, disabled]);
  });
  it('no group refuses nothing', () => {
    for (const kind of Object.values(kinds)) expect(creationDisabled(new Set(), kind)).toBe(false);
  });
});

describe('scenario and groups', () => {
  it('is ad_creation when adCreate is set, otherwise default', () => {
    expect(scenarioOf('?adCreate=true')).toBe('ad_creation');
    expect(scenarioOf('?adCreate=1&x=2')).toBe('ad_creation');
    expect(scenarioOf('?adCreate')).toBe('ad_creation');
    expect(scenarioOf('?adCreate=false')).toBe('default');
    expect(scenarioOf('')).toBe('default');
  });
  it('reads groups from the deployment flags', () => {
    expect([...groupsFrom(new Set(['pin_builder_rollout', 'pin_creation_disable_video', 'other']))].sort()).toEqual(['disable_video', 'rollout']);
  });
});
