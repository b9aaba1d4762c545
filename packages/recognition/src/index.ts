/** Product recognition pipeline (issue 8): barcode, text, keypoints, colour — nothing here yet. */
export const RECOGNITION_PIPELINE_VERSION = 0;
