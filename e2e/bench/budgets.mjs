// The budgets of `npm run bench`, read from its JSON document: each figure beside its budget, and whether all are met.

/** Reads a path like 'a.b.c' in an object; undefined when any step is missing. */
function at(value, path) {
  return path.split('.').reduce((node, key) => (node == null ? undefined : node[key]), value);
}

/**
 * Every budget of the document: the data layer's own (its `budgets`), the receipt painted after the tap, a
 * search keystroke, the second visit and the initial JavaScript. A figure missing (its bench failed) is a
 * budget missed, never one met.
 */
export function budgetChecks(result) {
  const dataBudgets = Object.entries(at(result, 'data.budgets') ?? {}).map(([name, budget]) => ({
    name: `data.${name}`,
    measured: budget.measuredMs,
    budget: budget.budgetMs,
    unit: 'ms',
  }));
  const checks = [
    ...(dataBudgets.length > 0
      ? dataBudgets
      : [{ name: 'data', measured: undefined, budget: undefined, unit: 'ms' }]),
    {
      name: 'checkoutUi.receiptPaintedP95',
      measured: at(result, 'checkoutUi.receiptPainted.p95Ms'),
      budget: at(result, 'checkoutUi.budgetMs'),
      unit: 'ms',
    },
    {
      name: 'searchKeystroke.p95',
      measured: at(result, 'searchKeystroke.keystrokeMs.p95'),
      budget: at(result, 'searchKeystroke.budgetMs'),
      unit: 'ms',
    },
    {
      name: 'coldStart.secondVisitMedian',
      measured: at(result, 'coldStart.secondVisit.revenueCardMedianMs'),
      budget: at(result, 'coldStart.secondVisit.budgetMs'),
      unit: 'ms',
    },
    {
      name: 'coldStart.initialJsGzip',
      measured: at(result, 'coldStart.initialAssets.js.gzipKB'),
      budget: at(result, 'coldStart.initialAssets.js.gzipBudgetKB'),
      unit: 'KB',
      atMost: true,
    },
  ];
  return checks.map((check) => {
    const known = typeof check.measured === 'number' && typeof check.budget === 'number';
    const pass = known && (check.atMost ? check.measured <= check.budget : check.measured < check.budget);
    return { name: check.name, measured: check.measured, budget: check.budget, unit: check.unit, pass };
  });
}

/** One line per budget: the figure, the budget, met or missed. */
export function budgetReport(checks) {
  const width = Math.max(...checks.map((check) => check.name.length));
  const figure = (value, unit) => (typeof value === 'number' ? `${value} ${unit}` : 'no figure');
  return checks
    .map(
      (check) =>
        `${check.pass ? 'ok    ' : 'MISSED'} ${check.name.padEnd(width)}  ${figure(check.measured, check.unit).padStart(12)}` +
        `  budget ${check.unit === 'KB' ? '≤' : '<'} ${figure(check.budget, check.unit)}`,
    )
    .join('\n');
}
