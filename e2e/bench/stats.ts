// Percentiles and rounding for the bench's figures.

/** Nearest-rank percentile (p in 0–100) of the values; 0 for none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? 0;
}

/** Milliseconds to a tenth, enough for budgets of 16 ms and more. */
export function ms(value: number): number {
  return Math.round(value * 10) / 10;
}

export type Spread = { runs: number; p50: number; p95: number; max: number };

export function spread(values: readonly number[]): Spread {
  return {
    runs: values.length,
    p50: ms(percentile(values, 50)),
    p95: ms(percentile(values, 95)),
    max: ms(values.reduce((max, v) => Math.max(max, v), 0)),
  };
}
