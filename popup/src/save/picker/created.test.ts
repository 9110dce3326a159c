// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { rememberCreated, takeCreated } from './created';

const here = 'http://localhost:8787/pin/create/button/?url=https%3A%2F%2Fpub.example%2F&media=https%3A%2F%2Fpub.example%2Fa.png';

describe('a board made on the mobile create page, handed back to its create page', () => {
  beforeEach(() => sessionStorage.clear());

  it('is taken once, by the page it was made for', () => {
    rememberCreated('/pin/create/button/?url=https%3A%2F%2Fpub.example%2F&media=https%3A%2F%2Fpub.example%2Fa.png', { boardId: '123', sectionId: '456' });
    expect(takeCreated('http://localhost:8787/pin/create/button/?url=other')).toBeNull();
    expect(takeCreated(here)).toEqual({ boardId: '123', sectionId: '456' });
    expect(takeCreated(here)).toBeNull();
  });

  it('ignores what is not ours to read', () => {
    sessionStorage.setItem('corkboard_created_target', JSON.stringify({ returnTo: here, boardId: '1; drop' }));
    expect(takeCreated(here)).toBeNull();
    sessionStorage.setItem('corkboard_created_target', '{not json');
    expect(takeCreated(here)).toBeNull();
  });
});
