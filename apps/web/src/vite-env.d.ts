// Constants that Vite writes into the bundle at build time.
/// <reference types="vite/client" />

/** ISO timestamp of the build, for the spec's 24-hour cache rule. */
declare const __BUILD_TIME__: string;
/** The app's version, from apps/web/package.json. */
declare const __APP_VERSION__: string;
