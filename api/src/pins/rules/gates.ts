/**
 * The pin builder's feature gates, one pure table over who is looking, the
 * scenario and the experiment groups. The server (pins/service.ts: refusing saves) and the popup
 * (PinBuilder: which controls it offers) both import this module, so the two never disagree.
 */

/** The scenarios; `ad_creation` when the adCreate query flag is set, otherwise `default`. */
export const SCENARIOS = ['default', 'ad_creation', 'story_pin', 'story_pin_v2', 'offsite_pin_creation', 'business_nux'] as const;
export type Scenario = (typeof SCENARIOS)[number];

/** The groups a feature experiment puts a viewer in. */
export const FEATURE_GROUPS = ['employees', 'enabled', 'rollout'] as const;
/** The groups of the experiment that turns pin creation off. */
export const DISABLED_GROUPS = ['disable_all', 'disable_web_pins', 'disable_idea_pins', 'disable_video'] as const;
export type ExperimentGroup = (typeof FEATURE_GROUPS)[number] | (typeof DISABLED_GROUPS)[number];

/**
 * The deployment's experiment flags that place viewers in those groups (FLAGS, or the cb_flags test
 * cookie outside production): `pin_builder_<group>` for the feature groups, `pin_creation_<group>` for
 * the creation-disabled ones, and `video_upload` for video_upload_allowed.
 */
export const GROUP_FLAGS: Record<ExperimentGroup, string> = {
  employees: 'pin_builder_employees',
  enabled: 'pin_builder_enabled',
  rollout: 'pin_builder_rollout',
  disable_all: 'pin_creation_disable_all',
  disable_web_pins: 'pin_creation_disable_web_pins',
  disable_idea_pins: 'pin_creation_disable_idea_pins',
  disable_video: 'pin_creation_disable_video',
};
export const VIDEO_UPLOAD_FLAG = 'video_upload';
/** Every flag this module reads: the flags a request may carry for the pin builder. */
export const PIN_BUILDER_FLAGS = [...Object.values(GROUP_FLAGS), VIDEO_UPLOAD_FLAG] as const;

/** The viewer as the gates see it (Viewer id, isAuth, isPartner, video_upload_allowed). */
export interface GateViewer {
  isAuth: boolean;
  isPartner: boolean;
  video_upload_allowed: boolean;
  /** The popup's language; video tagging is English only. */
  locale?: string;
  /** Acting as another account under organisation access control (orbac_subject_id). */
  actingAs?: boolean;
}

export interface GateInput {
  viewer: GateViewer;
  scenario: Scenario;
  groups: ReadonlySet<ExperimentGroup>;
}

interface GateRule {
  /** `partner`: an authenticated partner; `user`: any authenticated user, partner or not. */
  role: 'partner' | 'user';
  /** Only in these scenarios; every scenario when absent. */
  scenarios?: readonly Scenario[];
  /** Only for viewers in one of these experiment groups; everyone when absent. */
  groups?: readonly ExperimentGroup[];
  /** A further condition of its own (video upload allowed, English, not acting as another account). */
  also?: (input: GateInput) => boolean;
}

const STORY: readonly Scenario[] = ['story_pin', 'story_pin_v2'];
const videoAllowed = ({ viewer }: GateInput) => viewer.video_upload_allowed;

/**
 * The table. The spec names each gate's role; which gates are limited to which scenarios and groups
 * is not shown, so those limits are ours (docs/decisions.md 'Pin builder').
 */
export const GATES = {
  // An authenticated partner.
  carousel: { role: 'partner', scenarios: ['default', 'ad_creation'] },
  editing: { role: 'partner' },
  education: { role: 'partner', scenarios: ['default', 'business_nux'] },
  layouts: { role: 'partner', groups: FEATURE_GROUPS },
  link_status_validation: { role: 'partner', scenarios: ['default', 'ad_creation', 'offsite_pin_creation'] },
  multi_pin: { role: 'partner', scenarios: ['default'], groups: ['employees', 'enabled'] },
  scheduling: { role: 'partner', scenarios: ['default', 'ad_creation'] },
  shop_the_pin: { role: 'partner', scenarios: ['default', 'ad_creation'] },
  system_fonts: { role: 'partner', scenarios: STORY },
  tagging: { role: 'partner', scenarios: STORY },
  video_editing: { role: 'partner', also: (input) => videoAllowed(input) && !input.viewer.actingAs },
  pin_quality: { role: 'partner', groups: FEATURE_GROUPS },
  // Any authenticated user.
  multi_pin_normal_pinners: { role: 'user', scenarios: ['default'], groups: ['employees', 'enabled'] },
  disabled_creation_switches: { role: 'user' },
  idea_pin_product_tagging: { role: 'user', scenarios: STORY, groups: FEATURE_GROUPS },
  alt_text: { role: 'user' },
  story_comment_permissions: { role: 'user', scenarios: STORY },
  video: { role: 'user', also: videoAllowed },
  video_tagging: { role: 'user', also: (input) => videoAllowed(input) && (input.viewer.locale ?? 'en').toLowerCase().startsWith('en') },
} as const satisfies Record<string, GateRule>;

export type GateName = keyof typeof GATES;

/** Whether one gated control is offered to this viewer, in this scenario, with these groups. */
export function gateOpen(name: GateName, input: GateInput): boolean {
  const rule: GateRule = GATES[name];
  if (!input.viewer.isAuth) return false;
  if (rule.role === 'partner' && !input.viewer.isPartner) return false;
  if (rule.scenarios && !rule.scenarios.includes(input.scenario)) return false;
  if (rule.groups && !rule.groups.some((group) => input.groups.has(group))) return false;
  return rule.also ? rule.also(input) : true;
}

/** Every gate at once: what the builder reads to draw its controls. */
export function openGates(input: GateInput): Record<GateName, boolean> {
  return Object.fromEntries((Object.keys(GATES) as GateName[]).map((name) => [name, gateOpen(name, input)])) as Record<GateName, boolean>;
}

/** What kind of pin is being made, as the creation-disabled groups tell them apart. */
export interface PinKind {
  /** Made from a file of the user's own in the pin builder (not saved from a web page). */
  builder: boolean;
  video: boolean;
  /** Idea (story) pins: not made by this product, kept for the table's sake. */
  idea?: boolean;
}

/**
 * Whether the creation-disabled experiment refuses this pin: disable_all refuses every new pin,
 * disable_web_pins the pin builder's pins, disable_video video pins, disable_idea_pins idea pins.
 */
export function creationDisabled(groups: ReadonlySet<ExperimentGroup>, kind: PinKind): boolean {
  if (groups.has('disable_all')) return true;
  if (kind.builder && groups.has('disable_web_pins')) return true;
  if (kind.video && groups.has('disable_video')) return true;
  return !!kind.idea && groups.has('disable_idea_pins');
}

/** The scenario is ad_creation when the adCreate query flag is set, otherwise default. */
export function scenarioOf(search: string | URLSearchParams): Scenario {
  const query = typeof search === 'string' ? new URLSearchParams(search) : search;
  const flag = query.get('adCreate');
  return flag !== null && flag !== '0' && flag !== 'false' ? 'ad_creation' : 'default';
}

/** The experiment groups a set of enabled flags puts the viewer in. */
export function groupsFrom(flags: ReadonlySet<string>): Set<ExperimentGroup> {
  return new Set((Object.keys(GROUP_FLAGS) as ExperimentGroup[]).filter((group) => flags.has(GROUP_FLAGS[group])));
}
