// A list that renders only the cards near the screen, scrolled by the page itself: 10,000 products stay smooth.
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useState } from 'react';
import type { Key, ReactNode } from 'react';

export interface WindowVirtualListProps<T> {
  items: readonly T[];
  getKey: (item: T) => Key;
  /** A first guess of a card's height in px; real heights are measured as cards appear. */
  estimateSize: number;
  renderItem: (item: T, index: number) => ReactNode;
  label: string;
  /** Space between two cards, in px. */
  gap?: number;
}

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

export function WindowVirtualList<T>({
  items,
  getKey,
  estimateSize,
  renderItem,
  label,
  gap = 8,
}: WindowVirtualListProps<T>) {
  const [list, setList] = useState<HTMLUListElement | null>(null);
  const scrollMargin = useDocumentTop(list);
  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: () => estimateSize,
    overscan: 6,
    gap,
    scrollMargin,
    getItemKey: (index) => {
      const item = items[index];
      return item === undefined ? index : getKey(item);
    },
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
            data-index={row.index}
            ref={virtualizer.measureElement}
            aria-setsize={items.length}
            aria-posinset={row.index + 1}
            className="absolute inset-x-0 top-0"
            style={{ transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)` }}
          >
            {renderItem(item, row.index)}
          </li>
        );
      })}
    </ul>
  );
}
