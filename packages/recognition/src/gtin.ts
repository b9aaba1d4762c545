// GTIN arithmetic lives in @hanouti/core (the sale screen matches scanned codes with it); re-exported here for
// the readers and the bench.
export {
  expandUpcE,
  gtinCheckDigit,
  gtinsOfPrintedCode,
  hasValidCheckDigit,
  normaliseGtin,
} from '@hanouti/core';
