/** What the route table hands every screen: the path's segments after the first, and the whole path. Lives in
 * ui/ so features can type their screens without importing app/ (imports flow one way, CONVENTIONS.md §2). */
export interface ScreenProps {
  params: string[];
  path: string;
}
