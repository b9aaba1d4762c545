// Tableau de Bord: today's, the week's and the month's takings, stock alerts, what customers owe, quick actions, best sellers, 30-day chart.
import {
  Boxes,
  HandCoins,
  CalendarDays,
  CalendarRange,
  Package,
  ShoppingCart,
  TrendingUp,
  TriangleExclamationPoint,
  Users,
  Wallet,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { pageHash } from '../../app/navigation';
import type { PageId } from '../../app/navigation';
import { useShopFormat } from '../../app/useShopFormat';
import { useOwed } from '../../data/creditAgeingRepository';
import { useDashboard } from '../../data/dashboardRepository';
import { useDayCash, useDayPromises } from '../../data/karneRepository';
import { Card } from '../../ui/Card';
import { MoneyFigure } from '../../ui/MoneyFigure';
import { StatCard } from '../../ui/StatCard';
import { OwedSummary } from '../../ui/credit/OwedSummary';
import { DayCashCard } from './DayCashCard';
import { PromisesCard } from './PromisesCard';
import { RevenueChartCard } from './RevenueChartCard';
import { StockAlertsCard } from './StockAlertsCard';

type QuickAction = {
  page: PageId;
  icon: LucideIcon;
  label: 'newSale' | 'catalog' | 'customers' | 'inventory';
};
const QUICK_ACTIONS: readonly QuickAction[] = [
  { page: 'sale', icon: ShoppingCart, label: 'newSale' },
  { page: 'catalog', icon: Package, label: 'catalog' },
  { page: 'customers', icon: Users, label: 'customers' },
  { page: 'inventory', icon: Boxes, label: 'inventory' },
];

export function DashboardPage() {
  const { t } = useTranslation();
  const { t: tDashboard } = useTranslation('dashboard');
  const format = useShopFormat();
  const figures = useDashboard();
  const owed = useOwed();
  const promises = useDayPromises();
  const cash = useDayCash();
  const placeholder = '…';
  const counters = [
    ['products', figures?.counters.products],
    ['customers', figures?.counters.customers],
    ['alerts', figures?.counters.alerts],
  ] as const;

  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-3">
        <div role="group" aria-label={t('dashboard.today')} data-testid="revenue-today">
          <StatCard
            icon={<Wallet />}
            label={t('dashboard.today')}
            value={figures ? <MoneyFigure parts={format.moneyParts(figures.today.total)} fit /> : placeholder}
            hint={
              figures
                ? t('dashboard.salesCount', {
                    count: figures.today.count,
                    replace: { count: format.count(figures.today.count) },
                  })
                : undefined
            }
          />
        </div>
        <div className="grid grid-cols-2 gap-3">
          <div role="group" aria-label={t('dashboard.week')} data-testid="revenue-week">
            <StatCard
              tone="accent"
              icon={<CalendarDays />}
              label={t('dashboard.week')}
              value={
                figures ? <MoneyFigure parts={format.moneyParts(figures.week.total)} fit /> : placeholder
              }
              hint={tDashboard('weekHint')}
            />
          </div>
          <div role="group" aria-label={t('dashboard.month')} data-testid="revenue-month">
            <StatCard
              tone="neutral"
              icon={<CalendarRange />}
              label={t('dashboard.month')}
              value={
                figures ? <MoneyFigure parts={format.moneyParts(figures.month.total)} fit /> : placeholder
              }
              hint={tDashboard('monthHint')}
            />
          </div>
        </div>
      </div>

      {figures && figures.alerts.length > 0 ? (
        <a
          href={pageHash('inventory')}
          className="flex min-h-14 items-center gap-3 rounded-2xl bg-red-600 px-4 py-3 text-white shadow-card hover:bg-red-700"
        >
          <TriangleExclamationPoint className="size-6 shrink-0" aria-hidden="true" />
          <span className="flex-1 font-semibold">
            {t('dashboard.lowStockAlert', {
              count: figures.counters.alerts,
              replace: { count: format.count(figures.counters.alerts) },
            })}
          </span>
          <span className="text-sm underline underline-offset-2">{t('dashboard.seeInventory')}</span>
        </a>
      ) : null}

      {promises && promises.dueToday.length + promises.overdue.length > 0 ? (
        <PromisesCard promises={promises} />
      ) : null}

      {owed ? (
        <Card
          title={tDashboard('owedTitle')}
          icon={<HandCoins />}
          aria-label={tDashboard('owedTitle')}
          action={
            <a
              href={pageHash('customers')}
              className="text-sm font-medium text-brand-700 underline underline-offset-2"
            >
              {tDashboard('owedSee')}
            </a>
          }
        >
          <OwedSummary shop={owed.shop} />
        </Card>
      ) : null}

      {cash ? <DayCashCard cash={cash} /> : null}

      <Card title={t('dashboard.quickActions')}>
        <ul className="grid grid-cols-2 gap-2">
          {QUICK_ACTIONS.map(({ page, icon: Icon, label }, index) => (
            <li key={page}>
              <a
                href={pageHash(page)}
                className={
                  index === 0
                    ? 'flex min-h-16 flex-wrap items-center gap-x-2 gap-y-1 rounded-xl bg-saffron-400 px-3 py-2 font-semibold text-brand-900 shadow-sm hover:bg-saffron-300'
                    : 'flex min-h-16 flex-wrap items-center gap-x-2 gap-y-1 rounded-xl bg-brand-50 px-3 py-2 font-semibold text-brand-800 hover:bg-brand-100'
                }
              >
                <Icon className="size-6 shrink-0" aria-hidden="true" />
                <span className="min-w-0 leading-tight">{t(`dashboard.${label}`)}</span>
              </a>
            </li>
          ))}
        </ul>
      </Card>

      {figures ? <StockAlertsCard alerts={figures.alerts} total={figures.counters.alerts} /> : null}

      <Card title={t('dashboard.topProducts')} icon={<TrendingUp />}>
        {figures && figures.topProducts.length > 0 ? (
          <ol className="flex flex-col divide-y divide-line">
            {figures.topProducts.map((product, index) => (
              <li key={product.productId} className="flex min-h-12 items-center gap-3">
                <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-saffron-100 font-bold text-saffron-700">
                  {index + 1}
                </span>
                <span className="min-w-0 flex-1 truncate font-medium">{product.productName}</span>
                <span className="shrink-0 text-sm text-muted tabular-nums">
                  {t('dashboard.soldQuantity', { quantity: format.quantity(product.quantity) })}
                </span>
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-muted">{t('dashboard.noSalesYet')}</p>
        )}
      </Card>

      <Card title={t('dashboard.counters')}>
        <dl className="grid grid-cols-3 gap-2 text-center">
          {counters.map(([key, value]) => (
            <div key={key} className="rounded-xl bg-canvas px-2 py-3">
              <dt className="truncate text-sm text-muted">{t(`dashboard.${key}`)}</dt>
              <dd className="text-2xl font-bold whitespace-nowrap text-ink tabular-nums">
                {value === undefined ? placeholder : format.count(value)}
              </dd>
            </div>
          ))}
        </dl>
      </Card>

      {figures ? <RevenueChartCard series={figures.revenueSeries} /> : null}
    </div>
  );
}
