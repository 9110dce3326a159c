// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { describe, expect, it, vi } from 'vitest';
import { BoardEmbed, PinEmbed, ProfileEmbed, SaveButton } from './index';

describe('<SaveButton> (the ESM build for apps)', () => {
  it('renders our shadow-root button and opens the popup with its props, reporting the outcome', async () => {
    const root = document.createElement('div');
    document.body.append(root);
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const onSave = vi.fn();
    await act(() =>
      render(<SaveButton origin="http://localhost:8787/ignored" media="https://a.example/i.jpg" description="Tart" lang="de" onSave={onSave} />, root),
    );
    const button = root.querySelector('[data-corkboard]')!.shadowRoot!.querySelector('button')!;
    expect(button.textContent).toBe('Merken');
    button.click();
    const url = new URL(String(open.mock.calls[0]![0]));
    expect(url.origin + url.pathname).toBe('http://localhost:8787/pin/create/button/');
    expect(url.searchParams.get('media')).toBe('https://a.example/i.jpg');
    expect(url.searchParams.get('description')).toBe('Tart');
    // Blocked twice (popup and new tab): the outcome is unknown, not an error.
    await vi.waitFor(() => expect(onSave).toHaveBeenCalledWith({ guid: url.searchParams.get('guid'), status: 'unknown' }));
    await act(() => render(null, root));
    expect(root.querySelector('[data-corkboard]')).toBeNull();
  });
});

describe('<BoardEmbed>, <ProfileEmbed>, <PinEmbed> (the widgets in the ESM build)', () => {
  it('draw the same widgets as pinit.js, sharing one request, and go on unmount', async () => {
    const pin = {
      id: '7',
      url: 'https://p.example/pin/7/',
      title: '',
      description: 'Figs',
      color: null,
      images: null,
      pinner: { username: 'olga', full_name: 'Olga', url: 'https://p.example/olga/' },
      board: { name: 'Lake days', url: 'https://p.example/olga/lake-days/' },
    };
    const feed = {
      name: 'Lake days',
      url: 'https://p.example/olga/lake-days/',
      owner: { username: 'olga', full_name: 'Olga', url: 'https://p.example/olga/', image_medium_url: null },
      pins: [pin],
    };
    const answer = { pins: { '7': pin }, boards: { 'olga/lake-days': feed }, users: { olga: { ...feed, name: undefined, full_name: 'Olga' } }, counts: {} };
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify({ resource_response: { data: answer } })));
    const root = document.createElement('div');
    document.body.append(root);
    await act(() =>
      render(
        <div>
          <BoardEmbed origin="https://p.example" href="/olga/lake-days/" boardWidth={300} lang="de" />
          <ProfileEmbed origin="https://p.example" href="/olga/" lang="de" />
          <PinEmbed origin="https://p.example" href="/pin/7/" width="medium" lang="de" />
        </div>,
        root,
      ),
    );
    await vi.waitFor(() => expect(root.querySelectorAll('[data-corkboard]')).toHaveLength(3));
    expect(fetch).toHaveBeenCalledTimes(1);
    const [board, profile, card] = [...root.querySelectorAll('[data-corkboard]')].map((host) => host.shadowRoot!);
    expect(board!.querySelector('button')!.textContent).toBe('Folgen');
    expect(profile!.querySelector('.n')!.textContent).toBe('Olga');
    expect((card!.querySelector('.w') as HTMLElement).style.width).toBe('345px');
    await act(() => render(null, root));
    expect(root.querySelector('[data-corkboard]')).toBeNull();
    fetch.mockRestore();
  });
});
