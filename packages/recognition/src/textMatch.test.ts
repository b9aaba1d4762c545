import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { loadOcrModels, provideOpenCvFromNodeModules } from './nodeAssets.js';
import { createTextReader } from './ocr.js';
import {
  BRAND_WORD_WEIGHT,
  buildTextIndex,
  NAME_WORD_WEIGHT,
  packWordsOfLines,
  withPackWords,
  editDistance,
  hasArabicLetter,
  hasArabicWords,
  normaliseText,
  scoreText,
  textTokens,
  wordSimilarity,
  wordsOfLines,
} from './textMatch.js';

provideOpenCvFromNodeModules();

const catalogue = [
  { id: 'p1', name: 'Arla Standard Milk', brand: 'Arla' },
  { id: 'p2', name: 'Arla Sour Cream', brand: 'Arla' },
  { id: 'p3', name: 'Oatly Oat Milk', brand: 'Oatly' },
  { id: 'p4', name: 'Tropicana Golden Grapefruit', brand: 'Tropicana' },
  { id: 'p5', name: 'Golden Delicious' },
  { id: 'p6', name: 'Lait Centrale Danone', brand: 'Centrale' },
  { id: 'p7', name: 'زيت الزيتون', brand: 'الصويرة' },
];

describe('text normalisation', () => {
  it('folds case, accents and Arabic diacritics', () => {
    expect(normaliseText('Crème  BRÛLÉE!')).toBe('creme brulee');
    expect(normaliseText('زَيْتُ الزَّيْتُونِ')).toBe('زيت زيتون');
    expect(normaliseText('عـــسل')).toBe('عسل');
    expect(textTokens('1.5% Mjölk ab ORANGE')).toEqual(['mjolk', 'orange']);
  });

  it('unifies the Arabic letters a shopkeeper and a printer write differently, and drops the article', () => {
    // Hamza on alef (أ إ آ), waw (ؤ) and ya (ئ), alef wasla: plain letters.
    expect(normaliseText('أرز')).toBe(normaliseText('ارز'));
    expect(normaliseText('إناء')).toBe('اناء');
    expect(normaliseText('آمنة')).toBe('امنه');
    expect(normaliseText('مؤونة')).toBe('موونه');
    expect(normaliseText('زئبق')).toBe('زيبق');
    expect(normaliseText('ٱلسكر')).toBe('سكر');
    // Ta marbuta / ha and alef maqsura / ya (also the Persian ya and keheh tesseract may print).
    expect(normaliseText('قهوة')).toBe(normaliseText('قهوه'));
    expect(normaliseText('حلوى')).toBe(normaliseText('حلوي'));
    expect(normaliseText('حلوی')).toBe('حلوي');
    expect(normaliseText('کسکس')).toBe('كسكس');
    // The article goes before three letters or more, not from a short word, not inside one.
    expect(normaliseText('زيت الزيتون')).toBe('زيت زيتون');
    expect(normaliseText('الماء')).toBe('ماء');
    expect(normaliseText('آلة')).toBe('اله');
    expect(normaliseText('حليب الهلال')).toBe('حليب هلال');
    // The hamza alone is a letter: "ماء" is not "ما".
    expect(normaliseText('ماء')).not.toBe(normaliseText('ما'));
    expect(hasArabicLetter('Lait حليب')).toBe(true);
    expect(hasArabicLetter('Lait ١٢٣')).toBe(false);
  });

  it('a catalogue has Arabic words when some name or brand holds Arabic letters', () => {
    expect(hasArabicWords(buildTextIndex(catalogue))).toBe(true);
    expect(hasArabicWords(buildTextIndex(catalogue.filter((p) => p.id !== 'p7')))).toBe(false);
    expect(hasArabicWords(buildTextIndex([{ id: 'x', name: 'Lait 1L', brand: 'Jaouda' }]))).toBe(false);
  });

  it('edit distance counts a transposition as one edit', () => {
    expect(editDistance('arla', 'alra')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(wordSimilarity('tropicana', 'tropicama')).toBeCloseTo(8 / 9);
  });
});

describe('scoring the catalogue from read words', () => {
  const index = buildTextIndex(catalogue);

  it('a brand shared by several products gives all of them the same score', () => {
    const scores = scoreText(index, wordsOfLines([{ text: 'Arla', confidence: 0.95 }]));
    expect(scores.get('p1')).toBeCloseTo(BRAND_WORD_WEIGHT * 0.95);
    expect(scores.get('p2')).toBe(scores.get('p1'));
    expect(scores.has('p3')).toBe(false);
  });

  it('a misread brand still matches; a flavour word separates products of the brand', () => {
    const scores = scoreText(
      index,
      wordsOfLines([
        { text: 'Tropicama', confidence: 0.9 },
        { text: 'GOLDEN', confidence: 0.99 },
      ]),
    );
    const best = [...scores].sort((a, b) => b[1] - a[1]);
    expect(best[0]![0]).toBe('p4');
    expect(scores.get('p4')!).toBeGreaterThan(scores.get('p5')!);
    expect(scores.get('p5')!).toBeGreaterThan(0);
  });

  it('short words, numbers and unrelated words match nothing', () => {
    expect(scoreText(index, wordsOfLines([{ text: '1.5% 19 ab KOLOGISK', confidence: 1 }])).size).toBe(0);
    expect(scoreText(index, []).size).toBe(0);
  });

  it("the pack's spelling matches the shopkeeper's: article, ta marbuta, hamza", () => {
    const shop = buildTextIndex([
      { id: 'olive', name: 'زيت زيتون' },
      { id: 'coffee', name: 'قهوه', brand: 'اسواق' },
      { id: 'rice', name: 'ارز' },
    ]);
    const read = (text: string) => [...scoreText(shop, wordsOfLines([{ text, confidence: 0.9 }])).keys()];
    expect(read('الزيتون البكر')).toEqual(['olive']);
    expect(read('قهوة أسواق')).toEqual(['coffee']);
    expect(read('أرز')).toEqual(['rice']);
  });

  it('Arabic names match without their diacritics', () => {
    const scores = scoreText(index, wordsOfLines([{ text: 'الصَّوِيرَة', confidence: 0.9 }]));
    expect([...scores.keys()]).toEqual(['p7']);
  });

  it('words read on a reference photo of the pack count like name words', () => {
    const lines = [
      { text: 'EKOLOGISK MJÖLK', confidence: 0.95 },
      { text: 'xqzt', confidence: 0.4 },
    ];
    expect(packWordsOfLines(lines)).toEqual(['ekologisk', 'mjolk']);
    const withPack = buildTextIndex([
      ...catalogue,
      { id: 'p8', name: 'Garant Ecological Milk', brand: 'Garant', packWords: packWordsOfLines(lines) },
    ]);
    const scores = scoreText(withPack, wordsOfLines([{ text: 'EKOLOGISK', confidence: 0.9 }]));
    expect([...scores.keys()]).toEqual(['p8']);
    expect(scores.get('p8')).toBeCloseTo(NAME_WORD_WEIGHT * 0.9);
    expect(scoreText(withPack, wordsOfLines([{ text: 'xqzt', confidence: 0.9 }])).size).toBe(0);
  });

  it('gathers pack words from the references of each product', () => {
    const products = withPackWords(
      [
        { id: 'a', name: 'A' },
        { id: 'b', name: 'B', packWords: ['havre'] },
        { id: 'c', name: 'C' },
      ],
      [
        { productId: 'a', features: { words: ['mjolk'] } },
        { productId: 'a', features: { words: ['mjolk', 'farsk'] } },
        { productId: 'b', features: { words: ['dryck'] } },
        { productId: 'c', features: {} },
      ],
    );
    expect(products).toEqual([
      { id: 'a', name: 'A', packWords: ['mjolk', 'farsk'] },
      { id: 'b', name: 'B', packWords: ['havre', 'dryck'] },
      { id: 'c', name: 'C' },
    ]);
  });

  it('words split by the detector are tried glued', () => {
    const scores = scoreText(index, wordsOfLines([{ text: 'TROPI CANA', confidence: 0.9 }]));
    expect(scores.get('p4')).toBeGreaterThan(BRAND_WORD_WEIGHT * 0.85);
  });
});

describe('reading a rendered pack and matching the catalogue', () => {
  it('finds the right brand and product', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="420">
      <rect width="360" height="420" fill="#e8f1fb"/>
      <text x="40" y="120" font-family="DejaVu Sans" font-weight="bold" font-size="64" fill="#0b3d91">Oatly</text>
      <text x="40" y="200" font-family="DejaVu Sans" font-size="30" fill="#333">Havredryck</text>
      <text x="40" y="260" font-family="DejaVu Sans" font-size="26" fill="#333">1 liter</text></svg>`;
    const { data, info } = await sharp(Buffer.from(svg))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const reader = await createTextReader(await loadOcrModels());
    const lines = await reader.read({
      width: info.width,
      height: info.height,
      data: new Uint8ClampedArray(data),
    });
    const scores = scoreText(buildTextIndex(catalogue), wordsOfLines(lines));
    const ranked = [...scores].sort((a, b) => b[1] - a[1]);
    expect(ranked[0]![0]).toBe('p3');
    expect(ranked[0]![1]).toBeGreaterThan(BRAND_WORD_WEIGHT * 0.9);
    expect(scores.has('p1')).toBe(false);
    await reader.release();
  });
});
