export { formatListProp, parseListProp } from '@dd/shared';

/** Items with a React key each: the item's text, numbered when the same text repeats. */
export function keyedItems(items: readonly string[]): { key: string; value: string; index: number }[] {
  const seen = new Map<string, number>();
  return items.map((value, index) => {
    const count = (seen.get(value) ?? 0) + 1;
    seen.set(value, count);
    return { key: count === 1 ? value : `${value} #${count}`, value, index };
  });
}
