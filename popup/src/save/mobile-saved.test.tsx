// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { MobileSaved } from './MobileSaved';
import type { CreatedPin } from '../types';

afterEach(cleanup);

const pin = (section: CreatedPin['section']): CreatedPin =>
  ({ id: '7', board: { id: '1', name: 'Home', privacy: 'public' }, section, pinner: { id: '2' } }) as CreatedPin;

describe('the mobile success toast', () => {
  // Issue 28's audit: saving into a section named only the board.
  it('names the section and its board when the pin went into a section', () => {
    render(<MobileSaved pin={pin({ id: '3', title: 'Lighting' })} />);
    expect(screen.getByRole('status').textContent).toContain('Saved to Lighting in Home');
  });
  it('names the board otherwise', () => {
    render(<MobileSaved pin={pin(null)} />);
    expect(screen.getByRole('status').textContent).toContain('Saved to Home');
  });
});
