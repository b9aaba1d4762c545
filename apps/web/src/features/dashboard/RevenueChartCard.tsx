// The 30-day revenue card: a picture of the month for the shopkeeper, with its figures in words for screen readers.
import { ChartColumn } from 'lucide-react';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DailyTotal } from '@hanouti/core';
import { useShopFormat } from '../../app/useShopFormat';
import { currentLanguage, localeOf } from '../../i18n/i18n';
import { Card } from '../../ui/Card';

// uPlot is only fetched when the dashboard shows its chart, so the first load of the app stays small.
const RevenueChart = lazy(() =>
  import('./RevenueChart').then((module) => ({ default: module.RevenueChart })),
);

/** The best day of the window (the earliest of equals), or undefined when nothing was sold. */
export function bestDay(series: readonly DailyTotal[]): DailyTotal | undefined {
  let best: DailyTotal | undefined;
  for (const point of series) if (point.total > 0 && (!best || point.total > best.total)) best = point;
  return best;
}

export function RevenueChartCard({ series }: { series: readonly DailyTotal[] }) {
  const { t } = useTranslation('dashboard');
  const format = useShopFormat();
  const locale = localeOf(currentLanguage());
  const dayFormat = useMemo(
    () => new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', timeZone: 'UTC' }),
    [locale],
  );
  const dayLabel = (day: string) => dayFormat.format(new Date(`${day}T12:00:00Z`));
  const best = bestDay(series);
  const total = series.reduce((sum, point) => sum + point.total, 0);

  return (
    <Card title={t('chartTitle')} icon={<ChartColumn />}>
      {best ? (
        <figure className="flex flex-col gap-2">
          <Suspense
            fallback={<div className="h-[180px] animate-pulse rounded-xl bg-canvas" aria-hidden="true" />}
          >
            <RevenueChart
              series={series}
              dayLabel={dayLabel}
              money={format.money}
              seriesLabel={t('revenue')}
              dayWord={t('day')}
            />
          </Suspense>
          <figcaption className="text-sm text-muted" data-testid="chart-summary">
            {t('chartSummary', {
              total: format.money(total),
              bestDay: dayLabel(best.day),
              bestTotal: format.money(best.total),
            })}
          </figcaption>
        </figure>
      ) : (
        <p className="text-muted">{t('chartEmpty')}</p>
      )}
    </Card>
  );
}
