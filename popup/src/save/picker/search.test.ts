import { describe, expect, it } from 'vitest';
import { filterBoards, indexBoards } from './search';

const boards = ['Home décor', 'Weeknight dinners', 'Décor ideas', 'Travel: Japan', '2027 goals', 'Crème brûlée'].map((name) => ({ name }));
const names = (query: string) => filterBoards(indexBoards(boards), query).map((b) => b.name);

describe('board search', () => {
  it('matches every typed word against the starts of the name’s words', () => {
    expect(names('decor')).toEqual(['Home décor', 'Décor ideas']);
    expect(names('home dec')).toEqual(['Home décor']);
    expect(names('dec home')).toEqual(['Home décor']);
    expect(names('ecor')).toEqual([]);
  });

  it('ignores case and accents on both sides', () => {
    expect(names('CREME BRU')).toEqual(['Crème brûlée']);
    expect(names('crème')).toEqual(['Crème brûlée']);
  });

  it('treats punctuation as a word break and keeps the given order', () => {
    expect(names('japan')).toEqual(['Travel: Japan']);
    expect(names('  ')).toEqual(boards.map((b) => b.name));
    expect(names('2027')).toEqual(['2027 goals']);
  });
});
