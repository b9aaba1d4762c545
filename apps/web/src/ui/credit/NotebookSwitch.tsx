// Clients | Fournisseurs: the two halves of the paper notebook, one tap apart at the top of each screen.
import { clsx } from 'clsx';
import { Truck, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { pageHash } from '../../app/navigation';

export function NotebookSwitch({ current }: { current: 'customers' | 'suppliers' }) {
  const { t } = useTranslation('ui', { keyPrefix: 'credit' });
  const tabs = [
    { page: 'customers', label: t('customersTab'), icon: <Users /> },
    { page: 'suppliers', label: t('suppliersTab'), icon: <Truck /> },
  ] as const;
  return (
    <nav
      aria-label={t('switchLabel')}
      className="grid grid-cols-2 gap-1 rounded-2xl bg-brand-50 p-1 ring-1 ring-brand-100"
    >
      {tabs.map((tab) => {
        const active = tab.page === current;
        return (
          <a
            key={tab.page}
            href={pageHash(tab.page)}
            aria-current={active ? 'page' : undefined}
            data-notebook={tab.page}
            className={clsx(
              'flex min-h-11 items-center justify-center gap-2 rounded-xl px-3 font-semibold [&>svg]:size-5',
              active
                ? 'bg-white text-brand-800 shadow-sm ring-1 ring-line'
                : 'text-brand-700 hover:bg-white/60',
            )}
          >
            {tab.icon}
            {tab.label}
          </a>
        );
      })}
    </nav>
  );
}
