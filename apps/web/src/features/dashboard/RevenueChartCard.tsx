// The 30-day revenue card: a picture of the month for the shopkeeper, the touched day's takings, and its
// figures in words for screen readers.
import { ChartColumn } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DailyTotal } from '@hanouti/core';
import { useShopFormat } from '../../app/useShopFormat';
import { Card } from '../../ui/Card';
import { MoneyFigure } from '../../ui/MoneyFigure';

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

/**
 * A label drawn on the chart's canvas, which is laid out left to right. An Arabic label starts with a
 * right-to-left mark, so that it reads as in an Arabic line: ICU writes "29‏/10" (day, RLM, month), and
 * without the mark the canvas showed "2910/".
 */
export function canvasLabel(text: string, locale: 'fr-MA' | 'ar-MA'): string {
  return locale === 'ar-MA' ? `\u200f${text}` : text;
}

export function RevenueChartCard({ series }: { series: readonly DailyTotal[] }) {
  const { t } = useTranslation('dashboard');
  const format = useShopFormat();
  const { locale } = format;
  const dayFormat = useMemo(
    () => new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', timeZone: 'UTC' }),
    [locale],
  );
  const amountFormat = useMemo(
    () => new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }),
    [locale],
  );
  const dayLabel = (day: string) => dayFormat.format(new Date(`${day}T12:00:00Z`));
  const [picked, setPicked] = useState<number | null>(null);
  const best = bestDay(series);
  const total = series.reduce((sum, point) => sum + point.total, 0);
  // The touched day, else the last day of the window (today).
  const shown = (picked === null ? undefined : series[picked]) ?? series[series.length - 1];

  return (
    <Card title={t('chartTitle')} icon={<ChartColumn />}>
      {best ? (
        <figure className="flex flex-col gap-2">
          {shown ? (
            <p className="flex flex-wrap items-baseline gap-x-3 text-sm" data-testid="chart-readout">
              <span className="whitespace-nowrap">
                <span className="text-muted">{t('day')} </span>
                <span className="font-semibold text-ink tabular-nums">{dayLabel(shown.day)}</span>
              </span>
              <span className="whitespace-nowrap">
                <span className="text-muted">{t('revenue')} </span>
                <span className="font-semibold text-ink">
                  <MoneyFigure parts={format.moneyParts(shown.total)} />
                </span>
              </span>
            </p>
          ) : null}
          <Suspense
            fallback={<div className="h-[180px] animate-pulse rounded-xl bg-canvas" aria-hidden="true" />}
          >
            <RevenueChart
              series={series}
              axisDayLabel={(day) => canvasLabel(dayLabel(day), locale)}
              axisAmount={(mad) => canvasLabel(amountFormat.format(mad), locale)}
              onPick={setPicked}
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
