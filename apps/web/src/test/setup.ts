// Test environment: an in-memory IndexedDB and a clean DOM after every test.
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy… and waitFor wait up to 15 s (Testing Library's default is 1 s): a lazily loaded screen (the product
// form) is transformed on first import, which took longer than 1 s once on a loaded CI machine, and longer than
// 5 s with other work on both cores (App, CatalogPage: load average 25–40). A screen that never appears still fails
// the test.
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  cleanup();
});
