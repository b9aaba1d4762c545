// The bottom bar: the six main pages as real links, the current one highlighted, labels cut short on narrow phones.
// Each page's column is at least its icon's width and grows towards its label's (grid tracks of
// minmax(icon, auto): the spare width goes first to the labels that need it), so "Catalogue" and "Paramètres" are
// whole at 360 px where six equal columns cut them; on a narrower screen only the longest labels are cut. The
// icon's minimum is at most a sixth of the bar: with the text at 130 %, six icons' widths are wider than 360 px.
import { clsx } from 'clsx';
import { Boxes, House, Package, Settings, ShoppingCart, Users } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { pageHash } from './navigation';
import type { PageId } from './navigation';
import { NAV_PAGES } from './pages';
import type { NavPageId } from './pages';

const NAV_ICONS: Record<NavPageId, LucideIcon> = {
  dashboard: House,
  catalog: Package,
  sale: ShoppingCart,
  customers: Users,
  inventory: Boxes,
  settings: Settings,
};

export function BottomNav({ current }: { current: PageId }) {
  const { t } = useTranslation();
  return (
    <nav
      aria-label={t('app.mainNavigation')}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-white/95 pb-[env(safe-area-inset-bottom)] shadow-raised backdrop-blur"
    >
      <ul className="mx-auto grid max-w-xl grid-cols-[repeat(6,minmax(min(3.25rem,100%/6),auto))]">
        {NAV_PAGES.map((page) => {
          const Icon = NAV_ICONS[page];
          // The supplier notebook is the customers' page's other half (Clients | Fournisseurs).
          const active = page === current || (page === 'customers' && current === 'suppliers');
          return (
            <li key={page} className="min-w-0">
              <a
                href={pageHash(page)}
                aria-current={active ? 'page' : undefined}
                data-page={page}
                className={clsx(
                  'flex min-h-16 flex-col items-center justify-center gap-0.5 px-0.5 text-xs font-medium transition-colors',
                  active ? 'text-brand-800' : 'text-muted hover:text-brand-700',
                )}
              >
                <span
                  aria-hidden="true"
                  className={clsx(
                    'inline-flex h-8 w-12 max-w-full items-center justify-center rounded-full transition-colors',
                    active && 'bg-brand-100',
                  )}
                >
                  <Icon className="size-5.5" strokeWidth={active ? 2.4 : 2} />
                </span>
                {/* The label's width is its bold form's, drawn invisible under it (a pseudo-element: the link's
                    text stays its label once): the columns keep their widths when the current page changes. */}
                <span className="grid w-full text-center">
                  <span
                    data-nav-label
                    className={clsx('col-start-1 row-start-1 truncate', active && 'font-bold')}
                  >
                    {t(`pages.${page}.nav`)}
                  </span>
                  <span
                    aria-hidden="true"
                    data-label={t(`pages.${page}.nav`)}
                    className="invisible col-start-1 row-start-1 h-0 truncate font-bold after:content-[attr(data-label)]"
                  />
                </span>
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
