// The 30-day revenue chart (uPlot, loaded only with the dashboard's chart): one bar per calendar day.
import 'uplot/dist/uPlot.min.css';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import type { DailyTotal } from '@hanouti/core';

export type RevenueChartProps = {
  series: readonly DailyTotal[];
  /** Label of the day under the axis, e.g. "12/05". */
  dayLabel: (day: string) => string;
  money: (centimes: number) => string;
  seriesLabel: string;
  dayWord: string;
};

const HEIGHT = 180;
const BAR_COLOUR = '#0f5c55';
const GRID_COLOUR = '#e6e0d5';
const TEXT_COLOUR = '#5d6b68';

export function RevenueChart({ series, dayLabel, money, seriesLabel, dayWord }: RevenueChartProps) {
  const container = useRef<HTMLDivElement>(null);
  // The latest formatters, read by uPlot's callbacks without rebuilding the chart.
  const format = useRef({ dayLabel, money });
  useEffect(() => {
    format.current = { dayLabel, money };
  });

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const xs = series.map((_, index) => index);
    const ys = series.map((point) => point.total / 100);
    const label = (index: number) => {
      const point = series[Math.round(index)];
      return point ? format.current.dayLabel(point.day) : '';
    };
    const options: uPlot.Options = {
      width: Math.max(element.clientWidth, 200),
      height: HEIGHT,
      padding: [8, 20, 0, 0],
      cursor: { drag: { x: false, y: false }, points: { show: false } },
      select: { show: false, left: 0, top: 0, width: 0, height: 0 },
      legend: { show: true, live: true },
      scales: {
        x: { time: false, range: [-0.6, series.length - 0.4] },
        y: { range: (_u, _min, max) => [0, Math.max(max, 1) * 1.1] },
      },
      axes: [
        {
          stroke: TEXT_COLOUR,
          grid: { show: false },
          ticks: { show: false },
          splits: () => xs.filter((index) => (series.length - 1 - index) % 7 === 0),
          values: (_u, splits) => splits.map(label),
        },
        {
          stroke: TEXT_COLOUR,
          size: 52,
          grid: { stroke: GRID_COLOUR, width: 1 },
          ticks: { show: false },
          values: (_u, splits) => splits.map((value) => String(Math.round(value))),
        },
      ],
      series: [
        { label: dayWord, value: (_u, index: number | null) => (index === null ? '' : label(index)) },
        {
          label: seriesLabel,
          fill: BAR_COLOUR,
          stroke: BAR_COLOUR,
          width: 0,
          paths: uPlot.paths.bars?.({ size: [0.7, 24] }),
          points: { show: false },
          value: (_u, value: number | null) =>
            value === null ? '' : format.current.money(Math.round(value * 100)),
        },
      ],
    };
    const chart = new uPlot(options, [xs, ys], element);
    const resize = new ResizeObserver(() => {
      chart.setSize({ width: Math.max(element.clientWidth, 200), height: HEIGHT });
    });
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [series, seriesLabel, dayWord]);

  // Time runs left to right on the chart in both languages, as on a calendar.
  return (
    <div
      ref={container}
      dir="ltr"
      className="w-full [&_.u-legend]:font-sans [&_.u-legend]:text-sm [&_.uplot]:font-sans"
    />
  );
}
