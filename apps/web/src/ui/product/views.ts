// How many views of a product recognition wants: shared by the product form and the catalogue's few-views flag.
/** Recognition is reliable from this many views of a product (3–5 from different sides). */
export const ADVISED_VIEWS = 3;
/** Views the form takes at most: more add little and slow the analysis. */
export const MAX_VIEWS = 5;
