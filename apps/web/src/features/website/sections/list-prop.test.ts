import { describe, expect, it } from 'vitest';
import { formatListProp, keyedItems, parseListProp } from './list-prop';

describe('parseListProp', () => {
  it('splits on commas and trims each item', () => {
    expect(parseListProp('Fast, Efficient,Reliable ,  Secure')).toEqual([
      'Fast',
      'Efficient',
      'Reliable',
      'Secure',
    ]);
  });

  it('keeps a comma inside a quoted item', () => {
    expect(parseListProp('One, "Two, and a half", Three')).toEqual(['One', 'Two, and a half', 'Three']);
  });

  it('keeps spaces inside quotes but trims around them', () => {
    expect(parseListProp('  "  padded , text "  , b')).toEqual(['padded , text', 'b']);
  });

  it('reads a doubled quote inside quotes as one quote', () => {
    expect(parseListProp('"He said ""hi"", then left", next')).toEqual(['He said "hi", then left', 'next']);
  });

  it('treats a quote in the middle of an item as an ordinary character', () => {
    expect(parseListProp('a 12" monitor, b')).toEqual(['a 12" monitor', 'b']);
  });

  it('tolerates an unterminated quote by reading to the end', () => {
    expect(parseListProp('a, "b, c')).toEqual(['a', 'b, c']);
  });

  it('drops empty items and returns an empty list for empty or non-text input', () => {
    expect(parseListProp('a,, b, ')).toEqual(['a', 'b']);
    expect(parseListProp('')).toEqual([]);
    expect(parseListProp('   ')).toEqual([]);
    expect(parseListProp(undefined)).toEqual([]);
    expect(parseListProp(42)).toEqual([]);
  });

  it('returns a single item when there is no comma', () => {
    expect(parseListProp('Only one')).toEqual(['Only one']);
  });
});

describe('formatListProp', () => {
  it('round-trips through parseListProp', () => {
    const items = ['Fast', 'Secure, private', 'A "quoted" word', 'Plain'];
    expect(formatListProp(items)).toBe('Fast, "Secure, private", "A ""quoted"" word", Plain');
    expect(parseListProp(formatListProp(items))).toEqual(items);
  });
});

describe('keyedItems', () => {
  it('keys items by text and numbers repeats', () => {
    expect(keyedItems(['a', 'b', 'a']).map((item) => item.key)).toEqual(['a', 'b', 'a #2']);
    expect(keyedItems(['x', 'y'])[1]).toEqual({ key: 'y', value: 'y', index: 1 });
  });
});
