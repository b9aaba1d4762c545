// Vite and Vitest read the workspace packages from source, so the app never bundles a stale build.
import { fileURLToPath } from 'node:url';

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export const workspaceAliases = {
  '@hanouti/core': source('../../packages/core/src/index.ts'),
  // More specific first: the main thread takes the text module alone (no WASM runtime).
  '@hanouti/recognition/textMatch': source('../../packages/recognition/src/textMatch.ts'),
  '@hanouti/recognition': source('../../packages/recognition/src/index.ts'),
};
