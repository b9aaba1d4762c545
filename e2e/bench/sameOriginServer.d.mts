// Types of sameOriginServer.mjs, for the TypeScript specs that serve the app, the harness and a shop on one origin.
import type { Server } from 'node:http';

export function serveAppAndHarness(options: {
  appDir: string;
  harnessDir: string;
  shopText?: () => string;
  shopPath?: string;
  port?: number;
}): Promise<Server>;
