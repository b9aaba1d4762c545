// Fuzzy matching of the words read on a pack against the catalogue's own names and brands (spec: text
// strategy, weight 0.8, counts above 0.3). Packs are printed in other languages than the catalogue names, so
// the brand is usually what matches; a brand shared by several products scores all of them (keypoints then
// separate the flavours).

/**
 * Arabic letters written several ways for one word, mapped to one (the usual search normalisation): a
 * shopkeeper types "زيت زيتون", the pack prints "زيت الزيتون"; "حلوى" / "حلوي", "قهوة" / "قهوه". Hamza
 * on alef, waw and ya goes with the diacritics (NFKD splits it off); the rest is here.
 */
const ARABIC_LETTER_FORMS: Readonly<Record<string, string>> = {
  '\u0671': '\u0627', // alef wasla → alef
  '\u0649': '\u064a', // alef maqsura → ya
  '\u0629': '\u0647', // ta marbuta → ha
  '\u06cc': '\u064a', // Persian ya → ya (tesseract's `ara` model prints it at times)
  '\u06a9': '\u0643', // keheh → kaf
};
const ARABIC_FORMS = new RegExp(`[${Object.keys(ARABIC_LETTER_FORMS).join('')}]`, 'gu');
/** The article "ال" before a word of three letters or more ("الزيتون" → "زيتون"). */
const ARABIC_ARTICLE = /(^| )\u0627\u0644(?=[\u0621-\u064a]{3})/gu;

/** A letter of the Arabic script (digits and punctuation do not count). */
const ARABIC_LETTER = /(?=\p{L})\p{Script=Arabic}/u;

/** True when the text holds an Arabic letter. */
export function hasArabicLetter(text: string): boolean {
  return ARABIC_LETTER.test(text);
}

/**
 * Lower case, accents and Arabic diacritics (harakat, tatweel, hamza) removed, Arabic letter forms unified
 * and the article dropped, anything else than letters and digits → space.
 */
export function normaliseText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/\u0640/g, '')
    .replace(ARABIC_FORMS, (letter) => ARABIC_LETTER_FORMS[letter] ?? letter)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(ARABIC_ARTICLE, '$1');
}

/** Words of at least `minLength` characters containing a letter (numbers and specks say nothing of a brand). */
export function textTokens(text: string, minLength = MIN_WORD_LENGTH): string[] {
  return normaliseText(text)
    .split(' ')
    .filter((word) => word.length >= minLength && /\p{L}/u.test(word));
}

/** Optimal string alignment (Damerau–Levenshtein with adjacent transpositions) distance. */
export function editDistance(a: string, b: string): number {
  const m = a.length;
  const n = b.length;
  if (m === 0) return n;
  if (n === 0) return m;
  let prev2 = new Array<number>(n + 1).fill(0);
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  let row = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= m; i++) {
    row[0] = i;
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, prev2[j - 2]! + 1);
      row[j] = d;
    }
    [prev2, prev, row] = [prev, row, prev2];
  }
  return prev[n]!;
}

/** 1 − distance / longer length, in [0, 1]. */
export function wordSimilarity(a: string, b: string): number {
  const longest = Math.max(a.length, b.length);
  return longest === 0 ? 1 : 1 - editDistance(a, b) / longest;
}

/** OCR words shorter than this are ignored (too many chance matches). */
export const MIN_WORD_LENGTH = 3;
/** Word similarity needed for a match (one edit in 5 letters; 0.7–0.8 compared on `train`). */
export const WORD_MATCH_SIMILARITY = 0.8;
/**
 * Evidence of one matched brand word (before OCR confidence and similarity). Lower than a specific name
 * word: a brand is shared by its flavours, a flavour word printed on the pack separates them (chosen on
 * `train` among 0.5 / 0.7 / 0.9 with bench/textFusion.ts, removed: docs/recognition-log.md).
 */
export const BRAND_WORD_WEIGHT = 0.5;
/** Evidence of one matched name word that only one product has; shared words weigh 1/√(products sharing it). */
export const NAME_WORD_WEIGHT = 0.7;

/** One word read on the pack, with the recogniser's confidence in its line. */
export type ReadWord = { word: string; confidence: number };

/** Words of OCR lines, normalised, each with its line's confidence (best confidence kept per word). */
export function wordsOfLines(lines: readonly { text: string; confidence: number }[]): ReadWord[] {
  const best = new Map<string, number>();
  for (const line of lines) {
    const words = textTokens(line.text);
    // Letters split by the detector ("GOD MOR GON") are also tried glued together.
    const all = [...words];
    const raw = normaliseText(line.text).split(' ').filter(Boolean);
    for (let i = 0; i + 1 < raw.length; i++) all.push(raw[i]! + raw[i + 1]!);
    for (const word of all)
      if (word.length >= MIN_WORD_LENGTH) best.set(word, Math.max(best.get(word) ?? 0, line.confidence));
  }
  return [...best].map(([word, confidence]) => ({ word, confidence }));
}

type IndexedWord = { word: string; weight: number };

/** Catalogue words per product, with their weights, prepared once per catalogue. */
export type TextIndex = { products: { id: string; words: IndexedWord[] }[] };

/** The weights of the text score (defaults above; the bench's tuning script varies them on `train`). */
export type TextMatchWeights = { brandWeight?: number; nameWeight?: number };

/** Lines read on a reference photo below this confidence give no pack words (junk would become vocabulary). */
export const PACK_WORD_MIN_CONFIDENCE = 0.8;

/**
 * How a reference photo or a learned crop is read for its pack words (`TextReader.read` options), once when
 * it is saved: the worker, the server and the bench read them alike.
 */
export const PACK_WORD_READING = { detectorSide: 640, maxLines: 12 } as const;

/**
 * Words printed on a product's pack, read on its reference photos: the catalogue names are the shop's own
 * words ("Garant Ecological Milk"), the pack says "EKOLOGISK MJÖLK". Normalised, distinct.
 */
export function packWordsOfLines(lines: readonly { text: string; confidence: number }[]): string[] {
  const words = new Set<string>();
  for (const line of lines)
    if (line.confidence >= PACK_WORD_MIN_CONFIDENCE)
      for (const word of textTokens(line.text)) words.add(word);
  return [...words];
}

/**
 * Prepares the catalogue: each product's brand words and name words, plus the words read on its reference
 * photos (`packWords`, weighted like name words), weighted by how specific they are.
 */
export function buildTextIndex(
  products: Iterable<{ id: string; name: string; brand?: string; packWords?: readonly string[] }>,
  weights: TextMatchWeights = {},
): TextIndex {
  const brandWeight = weights.brandWeight ?? BRAND_WORD_WEIGHT;
  const nameWeight = weights.nameWeight ?? NAME_WORD_WEIGHT;
  const list = [...products].map((product) => {
    const brand = new Set(textTokens(product.brand ?? ''));
    const name = new Set(
      [...textTokens(product.name), ...(product.packWords ?? []).flatMap((w) => textTokens(w))].filter(
        (word) => !brand.has(word),
      ),
    );
    return { id: product.id, brand, name };
  });
  const sharing = new Map<string, number>();
  for (const { name } of list) for (const word of name) sharing.set(word, (sharing.get(word) ?? 0) + 1);
  return {
    products: list.map(({ id, brand, name }) => ({
      id,
      words: [
        ...[...brand].map((word) => ({ word, weight: brandWeight })),
        ...[...name].map((word) => ({ word, weight: nameWeight / Math.sqrt(sharing.get(word) ?? 1) })),
      ],
    })),
  };
}

/** True when some catalogue word is Arabic: only then is the Arabic reader worth loading. */
export function hasArabicWords(index: TextIndex): boolean {
  return index.products.some((product) => product.words.some(({ word }) => hasArabicLetter(word)));
}

/**
 * Text score of each product in [0, 1]: every catalogue word of the product that some read word matches
 * (similarity ≥ 0.75) adds evidence weight × similarity × OCR confidence; evidences combine as
 * 1 − Π(1 − e). Products with no matched word are left out.
 */
export function scoreText(
  index: TextIndex,
  words: readonly ReadWord[],
  minSimilarity = WORD_MATCH_SIMILARITY,
): Map<string, number> {
  const scores = new Map<string, number>();
  if (words.length === 0) return scores;
  for (const product of index.products) {
    let miss = 1;
    for (const { word, weight } of product.words) {
      let best = 0;
      for (const read of words) {
        // Lengths too different for a match: skip the distance.
        if (Math.min(read.word.length, word.length) < minSimilarity * Math.max(read.word.length, word.length))
          continue;
        const similarity = wordSimilarity(read.word, word);
        if (similarity >= minSimilarity) best = Math.max(best, similarity * read.confidence);
      }
      if (best > 0) miss *= 1 - weight * best;
    }
    if (miss < 1) scores.set(product.id, 1 - miss);
  }
  return scores;
}

/**
 * The catalogue with each product's pack words gathered from its references' `words` (reference photos
 * and learned crops), ready for `buildTextIndex`.
 */
export function withPackWords<P extends { id: string; packWords?: readonly string[] }>(
  products: Iterable<P>,
  references: Iterable<{ productId: string; features: { words?: readonly string[] } }>,
): P[] {
  const byProduct = new Map<string, Set<string>>();
  for (const { productId, features } of references) {
    if (!features.words?.length) continue;
    const words = byProduct.get(productId) ?? byProduct.set(productId, new Set()).get(productId)!;
    for (const word of features.words) words.add(word);
  }
  return [...products].map((product) => {
    const words = byProduct.get(product.id);
    return words ? { ...product, packWords: [...(product.packWords ?? []), ...words] } : product;
  });
}
