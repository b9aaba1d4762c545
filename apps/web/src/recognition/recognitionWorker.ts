// The recognition Worker: barcode reading, keypoint features and product recognition, off the main thread.
import {
  addConfirmedReference,
  buildIndex,
  buildTextIndex,
  computeReferenceFeatures,
  createArabicLineReader,
  hasArabicWords,
  isInStoreCode,
  gtinsOfPrintedCode,
  ocrThreadReady,
  PACK_WORD_READING,
  packWordsOfLines,
  PRECISION_SETTINGS,
  prepareBarcodeReader,
  provideOpenCv,
  readRetailBarcodes,
  recogniseDetections,
  recogniseProduct,
  remoteOcrRunner,
  textReaderOn,
  startTesseractArabic,
  withPackWords,
  type ArabicLineReader,
  type CatalogueProduct,
  type ImageFeatures,
  type OcrModel,
  type ReferenceIndex,
  type TextReader,
} from '@hanouti/recognition';
import { decodePhoto, encodeJpeg } from './decodePhoto';
import type { ModelUrls } from './modelFiles';
import type { OcrWorkerInit } from './ocrWorker';
import type {
  AnalysedDetection,
  RecognitionAnswers,
  RecognitionRequest,
  RequestOf,
  WorkerCall,
  WorkerReply,
} from './protocol';

// The app's lib is DOM: the worker's own scope is typed here with the two members it uses.
const scope = self as unknown as {
  postMessage(message: WorkerReply): void;
  onmessage: ((event: MessageEvent<WorkerCall>) => void) | null;
};

let urls: ModelUrls | undefined;
let opencvReady: Promise<void> | undefined;
let index: ReferenceIndex = buildIndex([]);
/** Stored id of each indexed reference (the learning step says which one it replaced). */
let referenceIds = new Map<ImageFeatures, string>();

function requireUrls(): ModelUrls {
  if (!urls) throw new Error('the worker was not initialised');
  return urls;
}

async function barcodeReader(): Promise<void> {
  await prepareBarcodeReader({ wasmUrl: requireUrls().zxingReader });
}

/** OpenCV comes from the app's own models/ folder (see modelFilesPlugin.ts), loaded once. */
function opencv(): Promise<void> {
  opencvReady ??= (async () => {
    const module = (await import(/* @vite-ignore */ requireUrls().opencv)) as { default: unknown };
    provideOpenCv(module.default);
  })().catch((error: unknown) => {
    opencvReady = undefined;
    throw error;
  });
  return opencvReady;
}

let textReaderReady: Promise<TextReader> | undefined;

/**
 * PP-OCRv4, created once: its networks on onnxruntime-web in the OCR Worker (ocrWorker.ts), which reads
 * while this Worker computes what does not need the words; the boxes and the decoding here, with the
 * OpenCV this Worker has. All files from the app's models/ folder (cached for offline).
 */
function textReader(): Promise<TextReader> {
  textReaderReady ??= (async () => {
    const files = requireUrls();
    const characters = fetch(files.ocrCharacters).then((response) => {
      if (!response.ok) throw new Error(`OCR model ${files.ocrCharacters}: HTTP ${response.status}`);
      return response.text();
    });
    const worker = new Worker(new URL('./ocrWorker.ts', import.meta.url), { type: 'module' });
    const ready = new Promise<OcrModel[]>((resolve, reject) => {
      const onReady = (event: MessageEvent<unknown>) => {
        const answer = ocrThreadReady(event.data);
        if (!answer) return;
        worker.removeEventListener('message', onReady);
        if (answer.ready) resolve(answer.models);
        else reject(new Error(answer.error));
      };
      worker.addEventListener('message', onReady);
      worker.addEventListener('error', () => reject(new Error('the OCR worker could not start')), {
        once: true,
      });
    });
    const init: OcrWorkerInit = {
      ortWasm: files.ortWasm,
      ocrDetector: files.ocrDetector,
      ocrRecogniser: files.ocrRecogniser,
      ocrClassifier: files.ocrClassifier,
    };
    worker.postMessage(init);
    let models: OcrModel[];
    try {
      [models] = await Promise.all([ready, opencv()]);
    } catch (error) {
      worker.terminate();
      throw error;
    }
    const runner = remoteOcrRunner(
      {
        post: (message, transfer) => worker.postMessage(message, transfer),
        listen: (handler) => worker.addEventListener('message', (event) => handler(event.data)),
      },
      () => worker.terminate(),
      models,
    );
    // An error the OCR Worker did not catch: it is ended (its runtime's memory with it) and the next reading
    // starts a new one.
    worker.addEventListener('error', (event) => {
      runner.fail(new Error(`the OCR worker stopped: ${event.message}`));
      worker.terminate();
      textReaderReady = undefined;
    });
    return textReaderOn(runner, await characters);
  })().catch((error: unknown) => {
    textReaderReady = undefined;
    throw error;
  });
  return textReaderReady;
}

let arabicReader: ArabicLineReader | undefined;

/**
 * tesseract `ara` for a catalogue with Arabic names: created here, started (a nested Worker running
 * tesseract.js's worker script, all files from models/) at its first read only.
 */
function arabicLineReader(): ArabicLineReader {
  arabicReader ??= createArabicLineReader(() => {
    const files = requireUrls();
    return startTesseractArabic({
      langPath: new URL('.', files.araLanguage).href,
      workerPath: files.tesseractWorker,
      corePath: files.tesseractCore,
    });
  });
  return arabicReader;
}

async function analyse(
  request: RequestOf<'analyse'>,
  progress: (done: number, total: number) => void,
): Promise<RecognitionAnswers['analyse']> {
  await Promise.all([barcodeReader(), opencv()]);
  const products = new Map<string, CatalogueProduct>(request.products.map((p) => [p.id, p]));
  // Text strategy in the modes that read text (not `fast`): the catalogue's own names and brands.
  // Names and brands, plus the words read on each product's reference photos and learned crops.
  const textIndex = buildTextIndex(withPackWords(products.values(), index.references));
  const { textDetectorSide, textRegionSide } = PRECISION_SETTINGS[request.settings.mode];
  const text =
    textDetectorSide !== null
      ? {
          reader: await textReader(),
          index: textIndex,
          // PP-OCR has no Arabic: tesseract reads its lines too, only for a catalogue with Arabic names.
          ...(request.settings.readArabic !== false && hasArabicWords(textIndex)
            ? { arabic: arabicLineReader() }
            : {}),
        }
      : undefined;
  const found: AnalysedDetection[] = [];
  // Each photo counts for one step to detect plus one per detection to recognise.
  let total = request.photos.length;
  let done = 0;
  progress(done, total);
  for (const [photoIndex, photo] of request.photos.entries()) {
    const image = await decodePhoto(photo);
    const { detectThreshold } = request.settings;
    // A mode that reads text also proposes text regions: a pack the colour of the counter still has print.
    // The crops of the object proposals are recognised while the OCR Worker looks for them.
    const crops = recogniseDetections(
      image,
      {
        detectThreshold,
        ...(text && textRegionSide !== null ? { reader: text.reader, detectorSide: textRegionSide } : {}),
      },
      (crop) =>
        recogniseProduct(crop, {
          index,
          products,
          mode: request.settings.mode,
          ...(text ? { text } : {}),
          ...(index.references.length === 0 ? { disable: ['visual', 'colour'] as const } : {}),
        }),
      (detections) => {
        total += detections.length;
        progress(++done, total);
      },
    );
    for await (const { detection, crop, recognition } of crops) {
      // A maker's code read on the crop: a product even when the catalogue has nothing like it (the shopkeeper
      // can create it with its code).
      const barcode = recognition.barcodes.find((gtin) => !isInStoreCode(gtin));
      if (recognition.candidates.length > 0 || barcode) {
        found.push({
          photoIndex,
          detection,
          candidates: recognition.candidates,
          crop: await encodeJpeg(crop),
          // The words read on the crop go with it: once confirmed and learned, they name the product too.
          features: { ...recognition.features, words: packWordsOfLines(recognition.textLines) },
          ...(barcode ? { barcode } : {}),
        });
      }
      progress(++done, total);
    }
  }
  return { detections: found };
}

/**
 * The catalogue's barcodes as GTINs, and whether one is an EAN-8 (the templates look for EAN-8 only then), worked
 * out again only when the list sent with a frame changes (the capture screen sends the same list with every frame).
 */
let lastCodes: { key: string; gtins: Set<string>; ean8: boolean } = {
  key: '',
  gtins: new Set(),
  ean8: false,
};
function catalogueCodes(codes: readonly string[]): { gtins: Set<string>; ean8: boolean } {
  const key = codes.join('\n');
  if (key !== lastCodes.key) {
    // 8 digits stored may be a UPC-E's, which the reader gives as its UPC-A's GTIN-13.
    const gtins = new Set(codes.flatMap((code) => gtinsOfPrintedCode(code)));
    lastCodes = { key, gtins, ean8: [...gtins].some((gtin) => gtin.length === 8) };
  }
  return lastCodes;
}

async function handle(
  request: RecognitionRequest,
  progress: (done: number, total: number) => void,
): Promise<RecognitionAnswers[RecognitionRequest['type']]> {
  switch (request.type) {
    case 'init':
      urls = request.urls;
      return { ready: true };
    case 'scanBarcodes': {
      await barcodeReader();
      // A frame the library's pass cannot read is read turned upright from its bars' slant, and by templates
      // for the catalogue's codes (a code held closer than the camera focuses); two frames confirm either way.
      const { gtins, ean8 } = catalogueCodes(request.known ?? []);
      const reads = await readRetailBarcodes(request.image, {
        effort: 'live',
        moreViews: true,
        ...(gtins.size > 0 ? { known: (gtin: string) => gtins.has(gtin), knownEan8: ean8 } : {}),
      });
      return { gtins: reads.map((read) => read.gtin) };
    }
    case 'setReferences':
      index = buildIndex(
        request.references.map(({ productId, origin, features }) => ({ productId, origin, features })),
      );
      referenceIds = new Map(request.references.map((r) => [r.features, r.id]));
      return { count: index.references.length };
    case 'analyse':
      return analyse(request, progress);
    case 'computeReference': {
      await opencv();
      const image = await decodePhoto(request.photo);
      const features = await computeReferenceFeatures(image);
      try {
        // The pack's own words (read once, when the photo is saved) for the text strategy.
        const lines = await (await textReader()).read(image, PACK_WORD_READING);
        return { features: { ...features, words: packWordsOfLines(lines) } };
      } catch (error) {
        console.error('Pack words not read', error);
        return { features };
      }
    }
    case 'learn': {
      await opencv();
      const before = new Set(index.references.map((r) => r.features));
      const { reference } = request;
      const result = await addConfirmedReference(index, reference.productId, reference.features);
      index = result.index;
      referenceIds.set(reference.features, reference.id);
      const kept = new Set(index.references.map((r) => r.features));
      const replaced = [...before].find((features) => !kept.has(features));
      const replacedId = replaced ? referenceIds.get(replaced) : undefined;
      if (replaced) referenceIds.delete(replaced);
      return { outcome: result.outcome, ...(replacedId ? { replacedId } : {}) };
    }
  }
}

scope.onmessage = (event: MessageEvent<WorkerCall>) => {
  const { id, request } = event.data;
  const post = (reply: WorkerReply) => scope.postMessage(reply);
  handle(request, (done, total) => post({ id, kind: 'progress', done, total })).then(
    (answer) => post({ id, kind: 'answer', answer }),
    (error: unknown) => {
      console.error('Recognition failed', error);
      post({ id, kind: 'failure', message: error instanceof Error ? error.message : String(error) });
    },
  );
};
