/** Product recognition pipeline: barcodes, keypoints, colour, fusion, detection, cart assembly, learning (issue 8). */
export * from './image.js';
export * from './gtin.js';
export * from './barcode.js';
export * from './liveBarcode.js';
export * from './opencv.js';
export * from './hamming.js';
export * from './vocabulary.js';
export * from './keypoints.js';
export * from './colour.js';
export * from './referenceIndex.js';
export * from './fusion.js';
export * from './recognise.js';
export * from './detect.js';
export * from './cart.js';
export * from './learning.js';
export * from './ocr.js';
export * from './textMatch.js';
