// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ColourTile, formatDuration, inkOn, MediaGrid, NEUTRAL_TILE, tileColour } from './Preview';
import { readPopupQuery } from '../query';

afterEach(cleanup);

describe('the colour tile', () => {
  it('shows the link’s host on the pin’s colour, or on a neutral grey', () => {
    render(<ColourTile link="https://www.example.com/notes?x=1" color="#1a2b3c" />);
    const tile = screen.getByRole('img', { name: 'Link to www.example.com' });
    expect(tile.textContent).toBe('www.example.com');
    expect(tile.style.background).toMatch(/#1a2b3c|rgb\(26, 43, 60\)/);
    expect(tileColour('#abc')).toBe(NEUTRAL_TILE);
    expect(tileColour('url(x)')).toBe(NEUTRAL_TILE);
    expect(tileColour(null)).toBe(NEUTRAL_TILE);
  });

  it('writes dark on light colours and white on dark ones', () => {
    expect(inkOn('#ffffff')).toBe('#111');
    expect(inkOn(NEUTRAL_TILE)).toBe('#111');
    expect(inkOn('#d9a441')).toBe('#111');
    expect(inkOn('#000000')).toBe('#fff');
    expect(inkOn('#1a2b3c')).toBe('#fff');
  });

  it('takes only #rrggbb colours from the query', () => {
    const read = (color: string) => readPopupQuery({ pathname: '/pin/create/button/', search: `?${new URLSearchParams({ color })}` }).color;
    expect(read('#D9A441')).toBe('#D9A441');
    expect(read('#abc')).toBe('');
    expect(read('red')).toBe('');
    expect(read('#d9a441;x')).toBe('');
  });
});

describe('the media grid', () => {
  const items = [
    { type: 'pinnable' as const, url: 'https://img.example/a.png', description: 'A tart' },
    { type: 'pinnable' as const, url: 'https://img.example/b.png' },
    { type: 'pinnable' as const, url: 'https://img.example/c.png' },
  ];

  it('is a list of toggle buttons, the chosen one pressed, and a click chooses', () => {
    const onChoose = vi.fn();
    render(<MediaGrid items={items} chosen={items[0]!.url} onChoose={onChoose} disabled={false} />);
    const list = screen.getByRole('list', { name: 'Choose an image to save' });
    const buttons = Array.from(list.querySelectorAll('button'));
    expect(buttons.map((b) => [b.textContent, b.getAttribute('aria-pressed')])).toEqual([
      ['A tart (image 1 of 3)', 'true'],
      ['Image 2 of 3', 'false'],
      ['Image 3 of 3', 'false'],
    ]);
    fireEvent.click(buttons[2]!);
    expect(onChoose).toHaveBeenCalledWith('https://img.example/c.png');
  });

  it('is disabled while a save is in flight', () => {
    render(<MediaGrid items={items} chosen={items[0]!.url} onChoose={() => undefined} disabled />);
    expect(screen.getAllByRole('button').every((b) => (b as HTMLButtonElement).disabled)).toBe(true);
  });
});

describe('a video’s duration', () => {
  it('reads as players show it', () => {
    expect(formatDuration(42)).toBe('0:42');
    expect(formatDuration(41.6)).toBe('0:42');
    expect(formatDuration(5)).toBe('0:05');
    expect(formatDuration(725)).toBe('12:05');
    expect(formatDuration(3723)).toBe('1:02:03');
  });

  it('marks a video’s cover in the grid', () => {
    render(
      <MediaGrid
        items={[
          { type: 'pinnable', url: 'https://v.example/cover.jpg', video: 'https://v.example/clip.mp4' },
          { type: 'pinnable', url: 'https://v.example/b.jpg' },
        ]}
        chosen="https://v.example/cover.jpg"
        onChoose={() => undefined}
        disabled={false}
      />,
    );
    expect(screen.getAllByRole('button')[0]!.textContent).toBe('▶Video cover: Image 1 of 2');
  });
});
