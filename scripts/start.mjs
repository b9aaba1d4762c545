// `npm start`: builds what changed (scripts/build.mjs), then runs the server in this process — a restart with
// nothing changed answers in seconds.
import { build } from './build.mjs';

build();
await import('../apps/server/dist/main.js');
