// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Education } from './Education';
import { EditImage } from './EditImage';
import type { UploadData } from './upload';

const answer = (data: unknown) => new Response(JSON.stringify({ resource_response: { data } }), { headers: { 'content-type': 'application/json' } });
const rendition = (name: string) => ({ url: `http://localhost:8787/media/7/${name}.jpg`, width: null, height: null });
const upload: UploadData = {
  id: '7',
  type: 'image',
  status: 'ready',
  error: null,
  bytes: 1000,
  video: null,
  image: {
    id: '7',
    source_url: 'http://localhost:8787/media/7/originals.jpg',
    width: 1200,
    height: 800,
    dominant_color: '#ffffff',
    images: { '236x': rendition('236x'), '474x': rendition('474x'), '736x': rendition('736x'), originals: rendition('originals') },
  },
};
/** A choice in a list, as a browser makes it: the value, then a change event that bubbles. */
const choose = (label: string, value: string) =>
  act(() => {
    const select = screen.getByLabelText(label) as HTMLSelectElement;
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
let sent: Array<{ path: string; options: unknown }>;

beforeEach(() => {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const path = new URL(input, 'http://localhost:8787').pathname;
      const options = init?.body ? JSON.parse(String(init.body)).options : undefined;
      sent.push({ path, options });
      if (path === '/resource/MediaUploadResource/update/') return answer({ ...upload, image: { ...upload.image, id: '8', width: 800, height: 800 } });
      return answer({ education_dismissed: true });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the tips panel', () => {
  it('shows real tips, and closing it tells the server', async () => {
    render(<Education />);
    const panel = screen.getByRole('region', { name: 'Tips for a great Pin' });
    expect(panel.textContent).toContain('2:3');
    expect(panel.textContent).toContain('alt text');
    fireEvent.click(screen.getByRole('button', { name: 'Got it, hide tips' }));
    expect(screen.queryByRole('region', { name: 'Tips for a great Pin' })).toBeNull();
    await waitFor(() => expect(sent).toEqual([{ path: '/resource/PinBuilderResource/update/', options: { education_dismissed: true } }]));
  });
});

describe('editing an upload', () => {
  it('turns, crops to an aspect, shows the size, and sends the edit in fractions', async () => {
    const edited = vi.fn();
    render(<EditImage upload={upload} onEdited={edited} />);
    expect(screen.getByText('Result: 1,200 × 800 pixels')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Rotate 90°' }));
    expect(screen.getByText('Result: 800 × 1,200 pixels')).toBeTruthy();
    await choose('Crop', 'square');
    expect(screen.getByText('Result: 800 × 800 pixels')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Apply edit' }));
    await waitFor(() => expect(edited).toHaveBeenCalled());
    const [call] = sent;
    expect(call?.path).toBe('/resource/MediaUploadResource/update/');
    const options = call?.options as { id: string; rotate: number; crop: { x: number; y: number; width: number; height: number } };
    expect(options).toMatchObject({ id: '7', rotate: 90, crop: { x: 0, width: 1 } });
    expect(options.crop.y).toBeCloseTo(1 / 6);
    expect(options.crop.height).toBeCloseTo(2 / 3);
  });

  it('a free crop is kept inside the image', async () => {
    render(<EditImage upload={upload} onEdited={() => undefined} />);
    await choose('Crop', 'free');
    fireEvent.input(screen.getByLabelText('Left (%)'), { target: { value: '80' } });
    fireEvent.input(screen.getByLabelText('Width (%)'), { target: { value: '50' } });
    // Half the width, pushed back to end at the right edge: 600 by 800.
    expect(screen.getByText('Result: 600 × 800 pixels')).toBeTruthy();
  });
});
