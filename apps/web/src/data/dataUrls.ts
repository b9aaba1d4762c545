// Photos between the photos table (blobs) and backup files (data URLs), without canvas or network.
const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)(?:;[\w.+-]+=[\w.+-]+)*;base64,([A-Za-z0-9+/]*={0,2})$/;

/** A base64 data URL as a Blob; undefined when it is not one. Synchronous, so it can run before a transaction. */
export function blobFromDataUrl(dataUrl: string): Blob | undefined {
  const match = DATA_URL.exec(dataUrl);
  if (!match) return undefined;
  const [, mime = 'application/octet-stream', base64 = ''] = match;
  let binary: string;
  try {
    binary = atob(base64);
  } catch {
    return undefined;
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: mime });
}

// Chunks keep String.fromCharCode's argument list well under engine limits for 5 MB photos.
const CHUNK = 0x8000;

export async function dataUrlFromBlob(blob: Blob, mime = blob.type): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  }
  return `data:${mime || 'application/octet-stream'};base64,${btoa(binary)}`;
}
