// In-app navigation by page id, kept in the URL hash so that reload and the Android back button work.
import { useSyncExternalStore } from 'react';

/** Internal page ids of the spec's screen table, in bottom-bar order, then the two pages without an entry. */
export const PAGE_IDS = [
  'dashboard',
  'catalog',
  'sale',
  'receipt',
  'customers',
  'suppliers',
  'inventory',
  'settings',
  'about',
  'account',
] as const;
export type PageId = (typeof PAGE_IDS)[number];

export const DEFAULT_PAGE: PageId = 'dashboard';

/** Pages that need a parameter: the receipt carries the id of its sale. */
const PAGES_WITH_PARAM: ReadonlySet<PageId> = new Set<PageId>(['receipt']);

export interface PageLocation {
  page: PageId;
  param?: string;
}

function isPageId(value: string): value is PageId {
  return (PAGE_IDS as readonly string[]).includes(value);
}

/** Reads `#/<page>[/<param>]`; anything unknown or incomplete lands on the dashboard. */
export function parsePageHash(hash: string): PageLocation {
  const [rawPage = '', rawParam, ...rest] = hash.replace(/^#\/?/, '').split('/');
  if (!isPageId(rawPage) || rest.length > 0) return { page: DEFAULT_PAGE };
  const needsParam = PAGES_WITH_PARAM.has(rawPage);
  if (!needsParam) return rawParam ? { page: DEFAULT_PAGE } : { page: rawPage };
  if (!rawParam) return { page: DEFAULT_PAGE };
  try {
    return { page: rawPage, param: decodeURIComponent(rawParam) };
  } catch {
    return { page: DEFAULT_PAGE };
  }
}

/** The hash of a page, e.g. `#/catalog` or `#/receipt/<saleId>`. */
export function pageHash(page: PageId, param?: string): string {
  return param === undefined ? `#/${page}` : `#/${page}/${encodeURIComponent(param)}`;
}

/** Goes to a page as a new history entry, so the device's back button returns to the previous page. */
export function navigate(page: PageId, param?: string): void {
  window.location.hash = pageHash(page, param);
}

/** Rewrites a missing or unknown hash to the page actually shown, without adding a history entry. */
export function canonicaliseHash(): void {
  const { page, param } = parsePageHash(window.location.hash);
  const canonical = pageHash(page, param);
  if (window.location.hash !== canonical) window.history.replaceState(window.history.state, '', canonical);
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  window.addEventListener('popstate', onChange);
  return () => {
    window.removeEventListener('hashchange', onChange);
    window.removeEventListener('popstate', onChange);
  };
}

const readHash = () => window.location.hash;

/** The page currently shown; re-renders on every hash change. */
export function usePage(): PageLocation {
  const hash = useSyncExternalStore(subscribe, readHash, () => '');
  return parsePageHash(hash);
}
