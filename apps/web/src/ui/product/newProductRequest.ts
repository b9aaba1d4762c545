// A hand-off from another screen (a scanned code nobody knows) to the catalogue's "Ajouter un Produit" form.
const KEY = 'hanouti.newProductBarcode';

/** Asks the catalogue to open its add form with this barcode filled in (read once, on the next visit). */
export function requestNewProduct(barcode: string): void {
  try {
    sessionStorage.setItem(KEY, barcode);
  } catch {
    // Storage refused (private mode, quota): the catalogue opens without the code, nothing else breaks.
  }
}

/** The pending request's barcode, cleared as it is read. */
export function takeNewProductRequest(): string | undefined {
  try {
    const barcode = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return barcode?.trim() ? barcode.trim() : undefined;
  } catch {
    return undefined;
  }
}
