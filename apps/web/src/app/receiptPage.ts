// The receipt page as a lazy chunk: the sale screen fetches it ahead, the page table shows it.
import { lazyPage } from './lazyPage';

/** The receipt, fetched ahead by the sale screen so that the ticket shows right after the tap. */
export const ReceiptPageLazy = lazyPage(
  async () => (await import('../features/receipt/ReceiptPage')).ReceiptPage,
);
