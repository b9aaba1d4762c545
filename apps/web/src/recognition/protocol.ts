// The typed messages between the app and the recognition Worker (requests, progress, answers).
import type { PrecisionMode } from '@hanouti/core';
import type {
  Candidate,
  CatalogueProduct,
  Detection,
  ImageFeatures,
  LearningOutcome,
} from '@hanouti/recognition';
import type { ModelUrls } from './modelFiles';

/** Pixels handed over (transferred, not copied): the shape of ImageData. */
export type Pixels = { width: number; height: number; data: Uint8ClampedArray };

/** A stored reference photo's features, as the worker indexes them. */
export type ReferenceEntry = {
  id: string;
  productId: string;
  origin: 'photo' | 'learned';
  features: ImageFeatures;
};

export type AnalysisSettings = {
  detectThreshold: number;
  mode: PrecisionMode;
  /** false when the Arabic reader's files could not be downloaded: Arabic names are then not read. */
  readArabic?: boolean;
};

/** One product found in one photo, with everything the review needs. */
export type AnalysedDetection = {
  photoIndex: number;
  detection: Detection;
  candidates: Candidate[];
  /** The product as cut out of the photo (JPEG), shown on the review and learnt when confirmed. */
  crop: Blob;
  /** Features of the crop, ready to become a learned reference without computing them again. */
  features: ImageFeatures;
  /**
   * The maker's code read on the crop (GTIN-13; never a shop's price or weight label), when one was: a product
   * created from the detection ("Produit inconnu ? Créer le produit") starts with it.
   */
  barcode?: string;
};

export type RecognitionRequest =
  | { type: 'init'; urls: ModelUrls }
  /** `known`: the catalogue's barcodes (as typed): a blurred frame's code is read by templates when it is one. */
  | { type: 'scanBarcodes'; image: Pixels; known?: string[] }
  | { type: 'setReferences'; revision: string; references: ReferenceEntry[] }
  | { type: 'analyse'; photos: Blob[]; products: CatalogueProduct[]; settings: AnalysisSettings }
  | { type: 'computeReference'; photo: Blob }
  | { type: 'learn'; reference: ReferenceEntry };

/** What each request answers. */
export type RecognitionAnswers = {
  init: { ready: true };
  scanBarcodes: { gtins: string[] };
  setReferences: { count: number };
  analyse: { detections: AnalysedDetection[] };
  computeReference: { features: ImageFeatures };
  learn: { outcome: LearningOutcome; replacedId?: string };
};

export type RequestType = RecognitionRequest['type'];
export type RequestOf<T extends RequestType> = Extract<RecognitionRequest, { type: T }>;

/** Envelope from the app: a numbered request. */
export type WorkerCall = { id: number; request: RecognitionRequest };

/** Envelopes from the worker: progress of a request, its answer, or its failure. */
export type WorkerReply =
  | { id: number; kind: 'progress'; done: number; total: number }
  | { id: number; kind: 'answer'; answer: RecognitionAnswers[RequestType] }
  | { id: number; kind: 'failure'; message: string };
