// The 30-day revenue chart (uPlot, loaded only with the dashboard's chart): one bar per calendar day.
import 'uplot/dist/uPlot.min.css';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import type { DailyTotal } from '@hanouti/core';

export type RevenueChartProps = {
  series: readonly DailyTotal[];
  /** Label of a day under the axis, as drawn on the canvas (see RevenueChartCard's axisDayLabel). */
  axisDayLabel: (day: string) => string;
  /** Grouped, short amount of the vertical axis ("10 k", "10 ألف"). */
  axisAmount: (mad: number) => string;
  /** The day under the finger (index in series), or null when the finger left the chart. */
  onPick: (index: number | null) => void;
};

const HEIGHT = 180;
const BAR_COLOUR = '#0f5c55';
const GRID_COLOUR = '#e6e0d5';
const TEXT_COLOUR = '#5d6b68';

export function RevenueChart({ series, axisDayLabel, axisAmount, onPick }: RevenueChartProps) {
  const container = useRef<HTMLDivElement>(null);
  // The latest callbacks, read by uPlot's hooks without rebuilding the chart.
  const latest = useRef({ axisDayLabel, axisAmount, onPick });
  useEffect(() => {
    latest.current = { axisDayLabel, axisAmount, onPick };
  });

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const xs = series.map((_, index) => index);
    const ys = series.map((point) => point.total / 100);
    const label = (index: number) => {
      const point = series[Math.round(index)];
      return point ? latest.current.axisDayLabel(point.day) : '';
    };
    const options: uPlot.Options = {
      width: Math.max(element.clientWidth, 200),
      height: HEIGHT,
      padding: [8, 20, 0, 0],
      cursor: { drag: { x: false, y: false }, points: { show: false } },
      select: { show: false, left: 0, top: 0, width: 0, height: 0 },
      // uPlot's legend shows empty values while no day is touched ("Jour: / Recettes:"): the card shows
      // the touched day (today by default) with its amount instead.
      legend: { show: false },
      scales: {
        x: { time: false, range: [-0.6, series.length - 0.4] },
        y: { range: (_u, _min, max) => [0, Math.max(max, 1) * 1.1] },
      },
      axes: [
        {
          stroke: TEXT_COLOUR,
          size: 30,
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
          values: (_u, splits) => splits.map((value) => latest.current.axisAmount(value)),
        },
      ],
      series: [
        {},
        {
          fill: BAR_COLOUR,
          stroke: BAR_COLOUR,
          width: 0,
          paths: uPlot.paths.bars?.({ size: [0.7, 24] }),
          points: { show: false },
        },
      ],
      hooks: {
        setCursor: [
          (u) => {
            const index = u.cursor.idx;
            latest.current.onPick(index === undefined || index === null ? null : index);
          },
        ],
      },
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
  }, [series]);

  // Time runs left to right on the chart in both languages, as on a calendar.
  return <div ref={container} dir="ltr" className="w-full [&_.uplot]:font-sans" aria-hidden="true" />;
}
