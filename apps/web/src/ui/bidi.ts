// User-entered text (product, brand, category and customer names) takes its direction from its own first strong
// letter: a Latin name in the Arabic interface keeps its beginning (and is cut at its end), and the reverse.
// Spread on the element that shows the text: <span {...USER_TEXT}>{product.name}</span>.
export const USER_TEXT = { dir: 'auto' } as const;
