// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openGates, type ExperimentGroup } from '../../../api/src/pins/rules/gates';
import { NOT_MEDIA_MESSAGE, NOT_MEDIA_WITH_VIDEO_MESSAGE, tooLargeMessage } from '../../../api/src/media/rules';
import { applyLocale } from '../i18n';
import PinBuilder, { refusal } from './PinBuilder';

let builder: { video_upload_allowed: boolean; groups: ExperimentGroup[]; partner?: boolean };

const answer = (data: unknown) => new Response(JSON.stringify({ resource_response: { data } }), { headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  builder = { video_upload_allowed: false, groups: [] };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost:8787');
      if (url.pathname === '/resource/ViewerResource/get/')
        return answer({ type: 'AUTH', user: { id: '1', username: 'ada', first_name: 'Ada', full_name: 'Ada', image_medium_url: null, pin_count: 0 } });
      if (url.pathname === '/resource/PinBuilderResource/get/') {
        const viewer = { isAuth: true, isPartner: builder.partner ?? false, video_upload_allowed: builder.video_upload_allowed };
        const groups = new Set(builder.groups);
        return answer({ viewer, scenario: 'default', groups: builder.groups, gates: openGates({ viewer, scenario: 'default', groups }) });
      }
      if (url.pathname === '/resource/BoardPickerBoardsResource/get/') return answer({ all_boards: [], boards_shortlist: [], bookmark: '-end-' });
      return answer(null);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the pin builder offers what its gates open', () => {
  it('an image, its fields and alt text for a signed-in user; no video without video_upload_allowed', async () => {
    render(<PinBuilder search="" />);
    const file = await screen.findByLabelText('Choose an image');
    expect(file.getAttribute('accept')).toBe('image/jpeg,image/png,image/gif,image/webp');
    for (const label of ['Title', 'Description', 'Link', 'Alt text']) expect(screen.getByLabelText(label)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Publish' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('"Publish later" for a business: a date and time in the reader’s time zone, inside the window, and Publish becomes Schedule', async () => {
    builder.partner = true;
    render(<PinBuilder search="" />);
    const later = await screen.findByRole('switch', { name: 'Publish later' });
    expect(screen.queryByLabelText(/Date and time/)).toBeNull();
    fireEvent.click(later);
    const field = (await screen.findByLabelText(/Date and time/)) as HTMLInputElement;
    expect(field.type).toBe('datetime-local');
    const min = new Date(field.min).getTime();
    const max = new Date(field.max).getTime();
    expect(min).toBeGreaterThan(Date.now() + 10 * 60 * 1000 - 60_000);
    expect(max).toBeLessThanOrEqual(Date.now() + 30 * 24 * 60 * 60 * 1000);
    expect(screen.getByText(/Times are in your time zone/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Schedule' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Publish' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Scheduled Pins' }).getAttribute('href')).toBe('/pin-builder/scheduled/');
  });

  it('no "Publish later" for a personal account', async () => {
    render(<PinBuilder search="" />);
    await screen.findByRole('button', { name: 'Publish' });
    expect(screen.queryByRole('switch', { name: 'Publish later' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Scheduled Pins' })).toBeNull();
  });

  it('video files where video_upload_allowed', async () => {
    builder.video_upload_allowed = true;
    render(<PinBuilder search="" />);
    expect((await screen.findByLabelText('Choose a file')).getAttribute('accept')).toContain('video/mp4');
  });

  it('no video files when the disable_video group is on', async () => {
    builder = { video_upload_allowed: true, groups: ['disable_video'] };
    render(<PinBuilder search="" />);
    expect((await screen.findByLabelText('Choose an image')).getAttribute('accept')).not.toContain('video');
  });

  it.each(['disable_all', 'disable_web_pins'] as const)('%s: says creation is off, and offers no file', async (group) => {
    builder.groups = [group];
    render(<PinBuilder search="" />);
    expect((await screen.findByRole('alert')).textContent).toBe('Creating Pins is turned off for your account right now.');
    expect(screen.queryByLabelText('Choose an image')).toBeNull();
  });
});

describe("the builder's refusals of a file", () => {
  const rules = [NOT_MEDIA_MESSAGE, NOT_MEDIA_WITH_VIDEO_MESSAGE, tooLargeMessage('image'), tooLargeMessage('video')];
  afterEach(() => applyLocale('en'));

  it('quote media/rules.ts word for word in English (the server says the same)', () => {
    for (const text of rules) expect(refusal(text)).toBe(text);
  });

  it("are in the reader's language, the limit from the rule; a message it does not know stays as sent", async () => {
    await applyLocale('fr');
    expect(refusal(tooLargeMessage('image'))).toBe('Les images peuvent faire jusqu’à 20 MB. Choisissez un fichier plus petit.');
    expect(refusal(NOT_MEDIA_MESSAGE)).toBe('Ce fichier n’est pas une image que nous pouvons enregistrer. Choisissez une image JPEG, PNG, GIF ou WebP.');
    expect(refusal('Something only the server knows')).toBe('Something only the server knows');
  });
});
