/** What the route table hands every screen: the path's segments after the first, and the whole path. Lives in
 * ui/ so features can type their screens without importing app/ (imports flow one way, docs/CONVENTIONS.md §2). */
export interface ScreenProps {
  params: string[];
  path: string;
}

/** A path segment that must be a record id: the number, or null for anything else. */
export function idParam(value: string | undefined): number | null {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
}
