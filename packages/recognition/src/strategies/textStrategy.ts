// Text strategy: the lines read on the photo (PP-OCR, and tesseract `ara` when the catalogue has Arabic
// words), their words matched against the catalogue's names, brands and pack words (textMatch.ts). Text alone
// is never decisive (a brand is shared by its flavours); its words also separate a product without siblings
// from what the catalogue does not have (openSet.ts) and name the products whose photos the keypoints verify.
import { ARABIC_DETECTOR_SIDE, ARABIC_LINES } from '../arabicText.js';
import type { TextLine } from '../ocr.js';
import { hasArabicWords, scoreText, wordsOfLines, type ReadWord } from '../textMatch.js';
import { textReadOptions, type PhotoInput, type StrategyResult } from './strategy.js';

export type TextEvidence = { lines: TextLine[]; words: ReadWord[] };

export const NO_TEXT: TextEvidence = { lines: [], words: [] };

/** `signal`: the caller no longer needs the words (a catalogue barcode decided while they were read). */
export const textStrategy = async (
  { image, options, settings }: PhotoInput,
  signal?: AbortSignal,
): Promise<StrategyResult<TextEvidence>> => {
  const modeRead = textReadOptions(settings);
  if (!options.text || !modeRead) return { scores: new Map(), evidence: NO_TEXT };
  const { reader, arabic } = options.text;
  const read = { ...modeRead, ...(signal ? { signal } : {}) };
  let lines: TextLine[];
  if (arabic && hasArabicWords(options.text.index)) {
    // PP-OCR's characters have no Arabic: its lines are read by both recognisers.
    const boxes = await reader.detect(image, read);
    const arabicBoxes =
      read.detectorSide === ARABIC_DETECTOR_SIDE && read.maxLines === ARABIC_LINES
        ? boxes
        : await reader.detect(image, { detectorSide: ARABIC_DETECTOR_SIDE, maxLines: ARABIC_LINES });
    lines = [...(await reader.recognise(image, boxes, read)), ...(await arabic.read(image, arabicBoxes))];
  } else lines = await reader.read(image, read);
  const words = wordsOfLines(lines);
  return { scores: scoreText(options.text.index, words), evidence: { lines, words } };
};
