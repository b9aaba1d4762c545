// A list that renders only the cards near the screen, scrolled by the page itself: 10,000 products stay smooth.
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useState } from 'react';
import type { Key, ReactNode } from 'react';
import { remPx } from './textLines';

export interface WindowVirtualListProps<T> {
  items: readonly T[];
  /** Must keep its identity between renders (a module-level function): every key is read again when it changes. */
  getKey: (item: T) => Key;
  /**
   * The exact height of an item's row in rem, known from the item alone (same identity rule as getKey).
   * Rows are never measured: reading 10,000 heights back from the page is what made scrolling stutter.
   */
  rowHeightRem: (item: T) => number;
  renderItem: (item: T, index: number) => ReactNode;
  label: string;
  /** Space between two cards, in px. */
  gap?: number;
}

/** Cards near the screen kept mounted on each side: enough for a thumb's fling, few enough to stay cheap. */
const OVERSCAN = 4;

/** The list's distance from the top of the document, kept up to date when what is above it changes size. */
function useDocumentTop(element: HTMLElement | null): number {
  const [top, setTop] = useState(0);
  useEffect(() => {
    if (!element) return;
    const measure = () => setTop(Math.round(element.getBoundingClientRect().top + window.scrollY));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [element]);
  return top;
}

/** Pixels in one rem, read once: row heights follow the phone's text size setting. */
function useRemPx(): number {
  const [px] = useState(remPx);
  return px;
}

export function WindowVirtualList<T>({
  items,
  getKey,
  rowHeightRem,
  renderItem,
  label,
  gap = 8,
}: WindowVirtualListProps<T>) {
  const [list, setList] = useState<HTMLUListElement | null>(null);
  const scrollMargin = useDocumentTop(list);
  const remPx = useRemPx();
  // Stable callbacks: the virtualizer recomputes every row's position whenever one of them changes identity.
  const estimateSize = useCallback(
    (index: number) => {
      const item = items[index];
      return item === undefined ? 0 : Math.round(rowHeightRem(item) * remPx);
    },
    [items, rowHeightRem, remPx],
  );
  const getItemKey = useCallback(
    (index: number) => {
      const item = items[index];
      return item === undefined ? index : getKey(item);
    },
    [items, getKey],
  );
  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize,
    getItemKey,
    overscan: OVERSCAN,
    gap,
    scrollMargin,
    // No synchronous React render inside the scroll event: the browser keeps scrolling while React catches up.
    useFlushSync: false,
  });
  const rows = virtualizer.getVirtualItems();
  return (
    <ul ref={setList} aria-label={label} className="relative" style={{ height: virtualizer.getTotalSize() }}>
      {rows.map((row) => {
        const item = items[row.index];
        if (item === undefined) return null;
        return (
          <li
            key={row.key}
            aria-setsize={items.length}
            aria-posinset={row.index + 1}
            // The row's size is known, so its layout never spills onto the rest of the page.
            className="absolute inset-x-0 top-0 [contain:size_layout_style]"
            style={{ height: row.size, transform: `translateY(${row.start - scrollMargin}px)` }}
          >
            {renderItem(item, row.index)}
          </li>
        );
      })}
    </ul>
  );
}
