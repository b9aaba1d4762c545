// Every business constant and limit of the spec (§9), named once so the whole app agrees on them.

/** VAT rate applied to new products and offered by default (spec: default 20 %). */
export const DEFAULT_VAT_RATE = 20;

// Catalogue and stock
export const DEFAULT_REORDER_THRESHOLD = 5;
export const QUICK_STOCK_STEPS = [-1, 1, 10] as const;
export type QuickStockStep = (typeof QUICK_STOCK_STEPS)[number];
/** Bulk products are priced per kg and weighed to the gram. */
export const KG_DECIMALS = 3;
/** Step of price and weight inputs (spec: step 0.01). */
export const MONEY_INPUT_STEP = 0.01;
export const BULK_WEIGHT_STEP = 0.01;

// Dashboard
export const WEEK_DAYS = 7;
export const TOP_PRODUCTS = 3;
export const ALERT_PANEL_SIZE = 3;
/** Length of the dashboard revenue chart, in calendar days. */
export const REVENUE_CHART_DAYS = 30;
/** Calendar days are counted in the shop's time zone. */
export const DEFAULT_TIME_ZONE = 'Africa/Casablanca';

// Photos and capture
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_CAPTURE_PHOTOS = 4;
export const DEFAULT_AI_MAX_PHOTOS = 3;
export const AI_MAX_PHOTOS_MIN = 1;
export const AI_MAX_PHOTOS_MAX = 5;
export const CAMERA_IDEAL_WIDTH = 1280;
export const CAMERA_IDEAL_HEIGHT = 720;
export const CAMERA_JPEG_QUALITY = 0.8;
/** Quantity of a reviewed detection never goes below this. */
export const REVIEW_MIN_QUANTITY = 1;

// Search lists
export const QUICK_ADD_LIMIT = 10;
export const PICKER_LIMIT = 10;
export const SUGGESTION_LIMIT = 2;
export const SUGGESTION_MIN_SCORE = 0.4;

// Detection and matching
export const DETECT_THRESHOLD_DEFAULT = 0.45;
export const DETECT_THRESHOLD_OPTIONS = [0.3, 0.45, 0.6, 0.75] as const;
export const DETECT_THRESHOLD_MIN = 0.1;
export const DETECT_THRESHOLD_MAX = 0.9;
export const MATCH_THRESHOLD_DEFAULT = 0.7;
export const MATCH_THRESHOLD_OPTIONS = [0.5, 0.6, 0.7, 0.75, 0.85] as const;
export const MATCH_THRESHOLD_MIN = 0.3;
export const MATCH_THRESHOLD_MAX = 0.95;
export const AI_SLIDER_STEP = 0.05;
export const STRATEGY_WEIGHTS = { visual: 1, text: 0.8, barcode: 1.2, colour: 0.6, shape: 0.7 } as const;
export type MatchStrategy = keyof typeof STRATEGY_WEIGHTS;
/** A text match counts only above this score. */
export const TEXT_MIN = 0.3;
/** A colour-histogram match counts only above this score. */
export const COLOUR_MIN = 0.4;
export const BARCODE_MATCH_SCORE = 0.95;
export const RANK_DECAY = 0.8;
export const MAX_COMBINED_SCORE = 1;
export const MERGE_OVERLAP = 0.7;
export const CONFIDENCE_HIGH = 0.7;
export const CONFIDENCE_MEDIUM = 0.5;
/** Expected analysis time of each precision mode, in seconds [min, max]. */
export const PRECISION_MODE_SECONDS = {
  fast: [1, 2],
  balanced: [2, 4],
  precise: [4, 8],
} as const;

// Batches and timing
export const BATCH_SIZE = 100;
export const PRODUCT_BATCH_PAUSE_MS = 100;
export const CUSTOMER_BATCH_PAUSE_MS = 50;
export const PRINT_DELAY_MS = 2000;
export const SAVED_CONFIRMATION_MS = 2000;
export const BUILD_MAX_AGE_MS = 24 * 60 * 60 * 1000;

// Cleanup and integrity
export const DUPLICATE_SALE_WINDOW_MS = 60_000;
export const INTEGRITY_MAX_PRODUCTS = 1000;
export const INTEGRITY_MAX_SALES = 5000;
export const INTEGRITY_ISSUES_SHOWN = 5;

// Other
export const APP_VERSION = '1.0.0';

// Backend client values (realtime, auth, storage, retries)
export const REALTIME_HEARTBEAT_MS = 25_000;
export const REALTIME_TIMEOUT_MS = 10_000;
export const AUTH_REFRESH_TICK_MS = 30_000;
export const STORAGE_LIST_DEFAULT_LIMIT = 100;
/** The first retry waits this long; each next one waits twice as long. */
export const RETRY_BACKOFF_START_MS = 200;
/**
 * Reference photos in one /api/ai/visual-match request, all products together: the server computes the
 * features of each (≈ 1–2 s of CPU), so a larger catalogue is sent in several requests.
 */
export const AI_MAX_REFERENCE_IMAGES = 24;

export type ConfidenceLevel = 'high' | 'medium' | 'low';

/** Sûr at 0.7 or more, Moyen at 0.5 or more, otherwise Incertain (spec §4). */
export function confidenceLevel(score: number): ConfidenceLevel {
  if (score >= CONFIDENCE_HIGH) return 'high';
  if (score >= CONFIDENCE_MEDIUM) return 'medium';
  return 'low';
}
