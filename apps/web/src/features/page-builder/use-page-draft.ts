import type { ComponentProps, PropValue, WebsitePage, WebsitePageBody } from '@dd/shared';
import { useCallback, useMemo, useState } from 'react';

/** The page being edited: name, url and its components in order, each with a stable key for React. */
export interface DraftItem {
  key: number;
  name: string;
  props: ComponentProps;
}

let nextKey = 1;
const item = (name: string, props: ComponentProps): DraftItem => ({ key: nextKey++, name, props });

export function usePageDraft() {
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [items, setItems] = useState<DraftItem[]>([]);
  const [selected, setSelected] = useState<number | null>(null);
  /** The page as last loaded or saved, to tell whether there are changes that are not saved yet. */
  const [saved, setSaved] = useState('');

  // Stable, so screens can load a page from an effect.
  const load = useCallback((page: Pick<WebsitePage, 'name' | 'url' | 'components' | 'componentProps'>) => {
    const loaded = page.components.map((c, i) => item(c, page.componentProps[i] ?? {}));
    setName(page.name);
    setUrl(page.url);
    setItems(loaded);
    setSelected(page.components.length ? 0 : null);
    setSaved(snapshot(page.name, page.url, loaded));
  }, []);

  /** Inserts after the selected component (or at the end) and selects the new one. */
  const add = (component: string, props: ComponentProps) => {
    const at = selected === null ? items.length : selected + 1;
    setItems((all) => [...all.slice(0, at), item(component, props), ...all.slice(at)]);
    setSelected(at);
  };

  const move = (index: number, by: -1 | 1) => {
    const to = index + by;
    if (to < 0 || to >= items.length) return;
    setItems((all) => {
      const next = [...all];
      [next[index], next[to]] = [next[to], next[index]];
      return next;
    });
    setSelected(to);
  };

  const remove = (index: number) => {
    setItems((all) => all.filter((_, i) => i !== index));
    setSelected(items.length <= 1 ? null : Math.max(0, index - 1));
  };

  const setProp = (index: number, prop: string, value: PropValue) =>
    setItems((all) =>
      all.map((it, i) => (i === index ? { ...it, props: { ...it.props, [prop]: value } } : it)),
    );

  const body = (): WebsitePageBody => bodyOf(name, url, items);
  const current = useMemo(() => snapshot(name, url, items), [name, url, items]);
  const dirty = current !== saved;
  /** Marks what is on screen as saved (after a save answered). */
  const markSaved = () => setSaved(current);

  return {
    name,
    setName,
    url,
    setUrl,
    items,
    selected,
    setSelected,
    load,
    add,
    move,
    remove,
    setProp,
    body,
    dirty,
    markSaved,
  };
}

function bodyOf(name: string, url: string, items: DraftItem[]): WebsitePageBody {
  return {
    name,
    url,
    components: items.map((i) => i.name),
    componentProps: items.map(
      (i) =>
        Object.fromEntries(Object.entries(i.props).filter(([, v]) => v !== undefined)) as Record<
          string,
          PropValue
        >,
    ),
  };
}

const snapshot = (name: string, url: string, items: DraftItem[]) => JSON.stringify(bodyOf(name, url, items));
