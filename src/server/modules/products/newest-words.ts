import type { CachedAnswer } from '../../lib/read-cache.ts';

// The lexemes of the newest products, as the first walk of a search reads them
// (search.repository.ts `newestLexemes`), kept to tell before a search whether that walk would
// fall short: words common one by one but rare together ("20 l sprayer") would walk 2,000 rows
// in vain and then ask the GIN index anyway (docs/decisions/020-catalogue-search.md).

/** A spelling of a search word as its full-text query reads it: a lexeme, as a prefix or whole. */
export interface LexemeSpelling {
  lexeme: string;
  prefix: boolean;
}

/** One word of a search: a product holds it when it holds any of its spellings. */
export type LexemeTerm = LexemeSpelling[];

/**
 * Which of the newest products hold each lexeme: a posting list of row numbers per lexeme, the
 * lexemes sorted, so the lexemes a prefix begins lie side by side. Kept in a cache of its own
 * (`Catalogue.newest`); its body is what it holds (the posting lists and the lexemes' text),
 * which the cache counts.
 */
export interface NewestWords extends CachedAnswer {
  body: Buffer;
  /** How many products were read (at most the walk's length). */
  rows: number;
  /** Every lexeme of those products once, in code unit order. */
  lexemes: string[];
  /** Lexeme n's rows are `postings[starts[n]]` up to `postings[starts[n + 1]]`. */
  starts: Uint32Array;
  postings: Uint16Array;
}

/** Indexes the lexemes of each product (at most 65,536 products: row numbers are 16 bits). */
export function indexNewestWords(products: string[][]): NewestWords {
  const rowsOf = new Map<string, number[]>();
  products.forEach((lexemes, row) => {
    for (const lexeme of lexemes) {
      const rows = rowsOf.get(lexeme);
      if (rows) rows.push(row);
      else rowsOf.set(lexeme, [row]);
    }
  });
  const lexemes = [...rowsOf.keys()].sort();
  const starts = new Uint32Array(lexemes.length + 1);
  const postings = new Uint16Array(lexemes.reduce((total, lexeme) => total + rowsOf.get(lexeme)!.length, 0));
  lexemes.forEach((lexeme, n) => {
    const rows = rowsOf.get(lexeme)!;
    postings.set(rows, starts[n]);
    starts[n + 1] = starts[n]! + rows.length;
  });
  return {
    body: Buffer.concat([
      Buffer.from(postings.buffer, postings.byteOffset, postings.byteLength),
      Buffer.from(starts.buffer, starts.byteOffset, starts.byteLength),
      Buffer.from(lexemes.join('\n')),
    ]),
    rows: products.length,
    lexemes,
    starts,
    postings,
  };
}

/** Whether a cached answer is the newest products' words (not a marker that they were too many). */
export const isNewestWords = (answer: CachedAnswer): answer is NewestWords => 'postings' in answer;

/** The first index of `lexemes` whose lexeme is not before `value`. */
function firstFrom(lexemes: string[], value: string): number {
  let low = 0;
  let high = lexemes.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (lexemes[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Marks (as bits) the rows holding a lexeme the spelling finds: equal to it, or beginning with it. */
function markRows(words: NewestWords, spelling: LexemeSpelling, found: Uint32Array): void {
  for (let n = firstFrom(words.lexemes, spelling.lexeme); n < words.lexemes.length; n += 1) {
    const lexeme = words.lexemes[n]!;
    if (spelling.prefix ? !lexeme.startsWith(spelling.lexeme) : lexeme !== spelling.lexeme) break;
    for (let at = words.starts[n]!; at < words.starts[n + 1]!; at += 1) {
      const row = words.postings[at]!;
      found[row >>> 5]! |= 1 << (row & 31);
    }
  }
}

/** How many of the newest products hold every term, as `search @@ to_tsquery(…)` counts them. */
export function countHolding(words: NewestWords, terms: LexemeTerm[]): number {
  const [first, ...others] = terms.map((spellings) => {
    const found = new Uint32Array(Math.ceil(words.rows / 32));
    for (const spelling of spellings) markRows(words, spelling, found);
    return found;
  });
  if (!first) return words.rows;
  let count = 0;
  for (let n = 0; n < first.length; n += 1) {
    let bits = first[n]!;
    for (const other of others) bits &= other[n]!;
    for (; bits !== 0; bits &= bits - 1) count += 1;
  }
  return count;
}
