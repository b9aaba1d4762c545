// Test double for `virtual:pwa-register/react`, which only exists inside a Vite build with the PWA plugin.
import { useState } from 'react';
import type { RegisterSWOptions } from 'vite-plugin-pwa/types';

export const pwaRegisterDouble = {
  needRefreshAtStart: false,
  updateCalls: 0,
};

export function useRegisterSW(_options?: RegisterSWOptions) {
  const needRefresh = useState(pwaRegisterDouble.needRefreshAtStart);
  const offlineReady = useState(false);
  return {
    needRefresh,
    offlineReady,
    updateServiceWorker: (_reloadPage?: boolean) => {
      pwaRegisterDouble.updateCalls += 1;
      return Promise.resolve();
    },
  };
}
