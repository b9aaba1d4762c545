// Types of buildStamp.mjs (plain JavaScript so that the start script can run it without a TypeScript step).
export interface BuildStamp {
  sourcesHash: string;
  buildTime: string;
}
export declare const STAMP_FILE: string;
export declare function webSourcesHash(): string;
export declare function readStamp(outDir: string): BuildStamp | undefined;
export declare function isBuildCurrent(outDir: string, sourcesHash?: string): boolean;
export declare function committedSourcesTime(dir?: string): string | undefined;
