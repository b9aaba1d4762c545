// The server's version, read from this package's package.json so that it is written in one place.
import { readFileSync } from 'node:fs';
import { z } from 'zod';

const packageJson = z.object({ version: z.string().min(1) });

/** e.g. "1.0.0"; the same path works from src/ and dist/. */
export const serverVersion: string = packageJson.parse(
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')),
).version;
