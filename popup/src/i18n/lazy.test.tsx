// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyPart } from './lazy';

afterEach(cleanup);

/** A part with state of its own: what the user typed into it. */
function Field({ label }: { label: string }) {
  const [value, setValue] = useState('');
  return <input aria-label={label} value={value} onInput={(e) => setValue(e.currentTarget.value)} />;
}

/** A chunk that comes when the test says so. */
function chunk() {
  let arrive = () => {};
  const promise = new Promise<{ Field: typeof Field }>((resolve) => (arrive = () => resolve({ Field })));
  let asked = 0;
  return { load: () => (asked++, promise), arrive, asked: () => asked };
}

describe('a lazy part of a page', () => {
  it('says Loading until its chunk has come, then draws it', async () => {
    const { load, arrive } = chunk();
    const Part = lazyPart(load, (m) => m.Field);
    render(<Part label="Name" />);
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    arrive();
    expect(await screen.findByLabelText('Name')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('is drawn at once, with no Loading, when it was fetched before (prefetched)', async () => {
    const { load, arrive, asked } = chunk();
    const Part = lazyPart(load, (m) => m.Field);
    const fetched = Part.load();
    arrive();
    await fetched;
    render(<Part label="Name" />);
    expect(screen.getByLabelText('Name')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    // Fetched once, however often it is drawn or asked for.
    await Part.load();
    expect(asked()).toBe(1);
  });

  it('keeps what was typed when its page draws again after the chunk came', async () => {
    const { load, arrive } = chunk();
    const Part = lazyPart(load, (m) => m.Field);
    const { rerender } = render(<Part label="Name" />);
    arrive();
    fireEvent.input(await screen.findByLabelText('Name'), { target: { value: 'Kitchen' } });
    rerender(<Part label="Name" />);
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Kitchen');
  });

  it('says that a chunk did not come, in its place, and asks for it again the next time', async () => {
    let asked = 0;
    const Part = lazyPart(
      () => (++asked === 1 ? Promise.reject(new Error('offline')) : Promise.resolve({ Field })),
      (m) => m.Field,
    );
    render(<Part label="Name" />);
    expect((await screen.findByRole('alert')).textContent).toBe('This could not be loaded. Check your connection, then open it again.');
    cleanup();
    render(<Part label="Name" />);
    expect(await screen.findByLabelText('Name')).toBeTruthy();
    expect(asked).toBe(2);
  });
});
