// A translated sentence with a user-entered name in it, the name isolated (<bdi>): "حركات المخزون — Thé vert
// Sultan 200 g" keeps the name's words in their order, whichever language the sentence and the name are in.
import type { ReactNode } from 'react';

/** Stands for the name while the sentence is translated; never typed by anyone. */
const MARK = '\u{E000}';

/**
 * `translate` is the sentence's t() call with the name replaced by the given mark, e.g.
 * `withIsolatedName((name) => t('history.title', { name }), product.name)`.
 */
export function withIsolatedName(translate: (name: string) => string, name: string): ReactNode {
  const parts = translate(MARK).split(MARK);
  return parts.flatMap((part, index) => (index === 0 ? [part] : [<bdi key={index}>{name}</bdi>, part]));
}
