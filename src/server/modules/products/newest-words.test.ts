import { describe, expect, it } from 'vitest';
import { countHolding, indexNewestWords } from './newest-words.ts';

// The newest products' lexemes, as a search's first walk would match them (checked against
// PostgreSQL's own matching by search.api.test.ts, which counts on it to skip walks).
describe('the newest products, counted before a walk', () => {
  // 100 products (past one 32-bit word of rows): every third holds "sprayer", every fifth "16",
  // every seventh "spread" and every product "l".
  const products = Array.from({ length: 100 }, (_, row) =>
    [
      row % 3 === 0 ? 'sprayer' : 'hoe',
      row % 5 === 0 ? '16' : '20',
      ...(row % 7 === 0 ? ['spread'] : []),
      'l',
    ].sort(),
  );
  const newest = indexNewestWords(products);
  const holding = (...terms: Array<[string, boolean]>) =>
    countHolding(
      newest,
      terms.map(([lexeme, prefix]) => [{ lexeme, prefix }]),
    );
  const byHand = (test: (lexemes: string[]) => boolean) => products.filter(test).length;

  it('counts the products holding a lexeme whole, or any lexeme it begins', () => {
    expect(holding(['sprayer', false])).toBe(34);
    expect(holding(['spray', false])).toBe(0);
    expect(holding(['spr', true])).toBe(byHand((lexemes) => lexemes.some((l) => l.startsWith('spr'))));
    expect(holding(['spreader', true])).toBe(0);
    expect(holding(['zzz', true])).toBe(0);
    expect(holding(['l', false])).toBe(100);
  });

  it('counts only the products holding every term', () => {
    expect(holding(['sprayer', false], ['16', false])).toBe(7);
    expect(holding(['sprayer', false], ['16', false], ['l', false])).toBe(7);
    expect(holding(['spr', true], ['20', false])).toBe(
      byHand((lexemes) => lexemes.some((l) => l.startsWith('spr')) && lexemes.includes('20')),
    );
    expect(holding(['sprayer', false], ['hoe', false])).toBe(0);
  });

  it('counts a product once when it holds more than one spelling of a term (a typo and its near words)', () => {
    const sprayerOrSpread = [
      { lexeme: 'sprayr', prefix: true },
      { lexeme: 'sprayer', prefix: false },
      { lexeme: 'spread', prefix: false },
    ];
    const either = byHand((lexemes) => lexemes.includes('sprayer') || lexemes.includes('spread'));
    expect(either).toBeLessThan(34 + 15);
    expect(countHolding(newest, [sprayerOrSpread])).toBe(either);
    expect(countHolding(newest, [sprayerOrSpread, [{ lexeme: '16', prefix: false }]])).toBe(
      byHand(
        (lexemes) => (lexemes.includes('sprayer') || lexemes.includes('spread')) && lexemes.includes('16'),
      ),
    );
  });

  it('holds a product without lexemes, and no products at all', () => {
    expect(countHolding(indexNewestWords([[], ['hoe']]), [[{ lexeme: 'hoe', prefix: true }]])).toBe(1);
    expect(countHolding(indexNewestWords([]), [[{ lexeme: 'hoe', prefix: false }]])).toBe(0);
  });
});
