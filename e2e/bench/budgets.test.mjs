// `node --test e2e/bench/budgets.test.mjs`: a missed or missing figure fails the bench; figures meeting every budget pass.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { budgetChecks, budgetReport } from './budgets.mjs';

const allMet = () => ({
  data: {
    budgets: {
      checkoutP95: { budgetMs: 30, measuredMs: 12.5, pass: true },
      import: { budgetMs: 30_000, measuredMs: 21_000, pass: true },
    },
  },
  checkoutUi: { budgetMs: 100, receiptPainted: { p95Ms: 60 } },
  searchKeystroke: { budgetMs: 16, keystrokeMs: { p95: 4 } },
  coldStart: {
    initialAssets: { js: { gzipKB: 180, gzipBudgetKB: 250 } },
    secondVisit: { revenueCardMedianMs: 900, budgetMs: 1500 },
  },
});

test('every budget met passes', () => {
  const checks = budgetChecks(allMet());
  assert.equal(checks.length, 6);
  assert.ok(checks.every((check) => check.pass));
  assert.match(budgetReport(checks), /ok +data\.checkoutP95 +12\.5 ms +budget < 30 ms/);
});

test('a figure over its budget, or equal to a strict one, is missed', () => {
  const result = allMet();
  result.data.budgets.checkoutP95.measuredMs = 30;
  result.checkoutUi.receiptPainted.p95Ms = 590;
  const missed = budgetChecks(result)
    .filter((check) => !check.pass)
    .map((check) => check.name);
  assert.deepEqual(missed, ['data.checkoutP95', 'checkoutUi.receiptPaintedP95']);
  assert.match(
    budgetReport(budgetChecks(result)),
    /MISSED checkoutUi\.receiptPaintedP95 +590 ms +budget < 100 ms/,
  );
});

test('a bench that failed has no figure: its budget is missed', () => {
  const result = allMet();
  result.searchKeystroke = { error: 'bench/searchKeystroke.ts exited with 1' };
  result.data = { error: 'bench/run.ts exited with 1' };
  const missed = budgetChecks(result)
    .filter((check) => !check.pass)
    .map((check) => check.name);
  assert.deepEqual(missed, ['data', 'searchKeystroke.p95']);
});
