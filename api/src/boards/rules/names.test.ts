import { describe, expect, it } from 'vitest';
import { nameSortKey, nameWords, startsWithDigit } from './names.js';

const bytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
const ordered = (names: string[]) =>
  [...names].sort((a, b) => Number(startsWithDigit(a)) - Number(startsWithDigit(b)) || bytes(nameSortKey(a), nameSortKey(b)));

describe('the picker order, stored as a key', () => {
  it('orders as Intl.Collator base/numeric did, digit names last', () => {
    const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
    const names = [
      'zebra',
      'Board 10',
      'board 2',
      'Ápples',
      'apricot',
      'Crème brûlée',
      'creme fraiche',
      'Board 2b',
      '2027 goals',
      '10 things',
      '9 lives',
      'Ω omega',
      'a',
      'B',
    ];
    const expected = [...names].sort((a, b) => Number(startsWithDigit(a)) - Number(startsWithDigit(b)) || collator.compare(a, b));
    expect(ordered(names)).toEqual(expected);
  });

  it('folds case and accents, and compares digit runs by value, leading zeros ignored', () => {
    expect(nameSortKey('Crème BRÛLÉE')).toBe(nameSortKey('creme brulee'));
    expect(bytes(nameSortKey('Shelf 9'), nameSortKey('Shelf 10'))).toBeLessThan(0);
    expect(nameSortKey('Shelf 007')).toBe(nameSortKey('shelf 7'));
  });

  it('splits names into the folded words search matches', () => {
    expect(nameWords('Travel: Japan / Kyōto')).toEqual(['travel', 'japan', 'kyoto']);
  });
});
