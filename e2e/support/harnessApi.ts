// The contract of `window.hanoutiHarness`: what the data harness page offers the fault tests and the bench.
import type { Cart, DashboardFigures, DailyTotal, PaymentMethod } from '@hanouti/core';

/** One line of a sale asked of the harness: units, or kg for a bulk product. */
export type HarnessSaleLine = { productId: string; quantity: number };
export type HarnessSaleRequest = {
  lines: HarnessSaleLine[];
  customerId?: string;
  paymentMethod?: PaymentMethod;
  /** ISO time of the sale (default: now). */
  now?: string;
};
export type HarnessSaleOutcome = {
  ok: boolean;
  error?: string;
  saleId?: string;
  ticketNumber?: string;
  total?: number;
  /** Time of the `completeSale` call (the whole commit), in ms. */
  ms: number;
};

/** How the main thread fared while an operation ran (long tasks are those over 50 ms). */
export type Responsiveness = {
  longestTaskMs: number;
  longTasks: number;
  longTaskTotalMs: number;
  /** Longest time between two animation frames. */
  maxFrameGapMs: number;
  frames: number;
};

export type HarnessImportOutcome = {
  ok: boolean;
  error?: string;
  reason?: string;
  rejectedCount?: number;
  /** Records accepted per list, when the file was read. */
  accepted?: Record<string, number>;
  bytes: number;
  ms: number;
  responsiveness: Responsiveness;
  /** Progress reported by the backup Worker, with the time since the start (ms) when it arrived. */
  timeline: { step: string; done: number; total: number; ms: number }[];
};

export type HarnessExport = { bytes: number; sha256: string; ms: number; responsiveness: Responsiveness };

/** One progress report of a long operation, with the time since its start (ms). */
export type ProgressEvent = { step: string; done: number; total: number; ms: number };
/** A long operation of the data care screen run to its end: what it said along the way and what it found. */
export type HarnessLongOperation = {
  ms: number;
  progress: ProgressEvent[];
  responsiveness: Responsiveness;
  /** Integrity: issues found; cleanup: records removed; export: bytes of the file. */
  result: number;
};

/** Arms the DBCore fault switch: the k-th mutate call (1-based) of the next matching transaction fails. */
export type FaultPlan = {
  failAtMutation: number;
  /** Also abort the IndexedDB transaction, as the browser does when a tab dies or the disk is full. */
  abortTransaction?: boolean;
  /** Only transactions over this table count (default 'sales': the checkout's transaction). */
  onlyWithTable?: string;
};
export type MutationStep = { table: string; type: string };
export type FaultReport = {
  armed: boolean;
  fired: boolean;
  firedAt?: MutationStep & { index: number };
  /** Mutate calls of the last matching transaction, in order. */
  steps: MutationStep[];
};

export type WriteThroughput = {
  records: number;
  bareMs: number;
  bareRecordsPerSecond: number;
  bareWithoutProductIndexMs: number;
  bareWithoutProductIndexRecordsPerSecond: number;
  dexieMs: number;
  dexieRecordsPerSecond: number;
  /** The same sales as archive pages (saleArchive.ts): how many pages, and their bare put. */
  pages: number;
  pagesMs: number;
  pagesSalesPerSecond: number;
};

export type HarnessDashboard = DashboardFigures & { revenueSeries: DailyTotal[] };
export type KeystrokeTiming = { query: string; ms: number; results: number };
export type HarnessProduct = { id: string; name: string; stock: number; isBulk: boolean };

export type HanoutiHarness = {
  /** The app's start: open and migrate, remove corrupt entries, seed the sample shop once. */
  prepare(): Promise<{ seeded: boolean; removedCorrupt: number }>;
  /** Deletes the whole database (the next `prepare` starts from nothing). */
  reset(): Promise<void>;
  /** Row count of every table. */
  counts(): Promise<Record<string, number>>;
  /** Every table as JSON, key order, photos as id/mime/size: two equal snapshots mean nothing changed. */
  snapshot(): Promise<string>;
  products(limit?: number): Promise<HarnessProduct[]>;
  /** Stored products in alert (core's stockStatus over the whole catalogue, not the dashboard's index). */
  alertCount(): Promise<number>;
  customerIds(limit?: number): Promise<string[]>;
  /** The data layer's `exportAll`, as text. */
  exportText(now?: string): Promise<string>;
  /** The data layer's `exportAll`, measured, without moving the text out of the page. */
  exportMeasured(now?: string): Promise<HarnessExport>;
  /** The settings screen's integrity check, cleanup and export, with every progress report they make. */
  integrityWithProgress(): Promise<HarnessLongOperation>;
  cleanupWithProgress(): Promise<HarnessLongOperation>;
  exportWithProgress(): Promise<HarnessLongOperation>;
  /** The data layer's `importBackupFile` on a File made of this text. */
  importText(text: string, fileName?: string): Promise<HarnessImportOutcome>;
  /** The same, for a file fetched from the harness's own server (large files). */
  importUrl(url: string, fileName?: string): Promise<HarnessImportOutcome>;
  /** Builds the cart with core's cart rules from the stored products, then `completeSale`. */
  sell(request: HarnessSaleRequest): Promise<HarnessSaleOutcome>;
  /** `completeSale` on a cart as given. */
  completeSale(cart: Cart, now?: string): Promise<HarnessSaleOutcome>;
  /** Sales one after the other, each timed. */
  sellMany(requests: HarnessSaleRequest[]): Promise<HarnessSaleOutcome[]>;
  loadDashboard(now?: string): Promise<HarnessDashboard>;
  /** `loadDashboard` `runs` times, each timed (ms). */
  measureDashboard(runs: number, now?: string): Promise<number[]>;
  /** The catalogue screen's search: index built once, then every prefix of every word, each timed. */
  searchKeystrokes(
    words: string[],
  ): Promise<{ indexMs: number; products: number; keystrokes: KeystrokeTiming[] }>;
  /** The app's start on the stored shop (small tables checked, no background check), timed. */
  startupMeasured(): Promise<{ ms: number; removedCorrupt: number }>;
  /** The background check of the large tables, run to its end, timed and watched for long tasks. */
  sweepMeasured(): Promise<{ ms: number; removedCorrupt: number; responsiveness: Responsiveness }>;
  /** Puts `count` archived sales again into a scratch database: one record each (bare, Dexie), then as pages. */
  writeThroughput(count: number): Promise<WriteThroughput>;
  injectFault(plan: FaultPlan): void;
  clearFault(): void;
  faultReport(): FaultReport;
  storageEstimate(): Promise<{ usage: number; quota: number }>;
  /** The last outcome shown on the page (what a user would have seen). */
  status(): string;
};

declare global {
  interface Window {
    hanoutiHarness: HanoutiHarness;
  }
}
