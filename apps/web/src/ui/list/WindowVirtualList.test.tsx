import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WindowVirtualList } from './WindowVirtualList';

interface Shelf {
  id: string;
  tall: boolean;
}

const shelfKey = (item: Shelf) => item.id;
const shelfHeight = (item: Shelf) => (item.tall ? 8.875 : 7.125);
const items: Shelf[] = Array.from({ length: 10_000 }, (_, index) => ({
  id: `p${index}`,
  tall: index % 3 === 0,
}));

function renderList() {
  return render(
    <WindowVirtualList
      label="Produits"
      items={items}
      getKey={shelfKey}
      rowHeightRem={shelfHeight}
      renderItem={(item) => <article aria-label={item.id} />}
    />,
  );
}

describe('WindowVirtualList', () => {
  it('mounts only the rows near the screen out of 10,000', () => {
    renderList();
    const rows = within(screen.getByRole('list', { name: 'Produits' })).getAllByRole('listitem');
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.length).toBeLessThan(20);
    expect(rows[0]?.getAttribute('aria-setsize')).toBe('10000');
    expect(rows[0]?.getAttribute('aria-posinset')).toBe('1');
  });

  it('places each row from the heights given in rem, with no measuring, and sizes the whole list', () => {
    renderList();
    const list = screen.getByRole('list', { name: 'Produits' });
    const rows = within(list).getAllByRole('listitem');
    // 1 rem = 16 px here; the gap is 8 px.
    expect(rows.slice(0, 4).map((row) => row.style.height)).toEqual(['142px', '114px', '114px', '142px']);
    expect(rows.slice(0, 4).map((row) => row.style.transform)).toEqual([
      'translateY(0px)',
      'translateY(150px)',
      'translateY(272px)',
      'translateY(394px)',
    ]);
    const tall = Math.ceil(10_000 / 3);
    expect(list.style.height).toBe(`${tall * 142 + (10_000 - tall) * 114 + 9_999 * 8}px`);
  });
});
