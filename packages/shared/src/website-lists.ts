/**
 * List properties of website sections are stored as one comma-separated string, because the page
 * builder edits every property as text. Double quotes keep a comma inside an item:
 * `Fast, "Secure, private", Reliable` -> ['Fast', 'Secure, private', 'Reliable'].
 * Inside quotes a doubled quote ("") stands for one literal quote.
 */
export function parseListProp(text: unknown): string[] {
  if (typeof text !== 'string') return [];
  const items: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        current += '"';
        i++;
      } else if (char === '"') quoted = false;
      else current += char;
    } else if (char === '"' && current.trim() === '') {
      // A quote opens an item only at its start; elsewhere it is an ordinary character.
      current = '';
      quoted = true;
    } else if (char === ',') {
      items.push(current);
      current = '';
    } else current += char;
  }
  items.push(current);
  return items.map((item) => item.trim()).filter((item) => item !== '');
}

/** The inverse of parseListProp: quotes the items that hold a comma or a leading quote. */
export function formatListProp(items: readonly string[]): string {
  return items.map((item) => (/[,"]/.test(item) ? `"${item.replaceAll('"', '""')}"` : item)).join(', ');
}
