// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { describe, expect, it, vi } from 'vitest';
import { SaveButton } from './index';

describe('<SaveButton> (the ESM build for apps)', () => {
  it('renders our shadow-root button and opens the popup with its props, reporting the outcome', async () => {
    const root = document.createElement('div');
    document.body.append(root);
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const onSave = vi.fn();
    await act(() => render(<SaveButton origin="http://localhost:8787/ignored" media="https://a.example/i.jpg" description="Tart" lang="de" onSave={onSave} />, root));
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
