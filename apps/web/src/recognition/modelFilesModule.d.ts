// The list of model files made by modelFilesPlugin.ts at build time.
declare module 'virtual:recognition-model-files' {
  export const MODEL_FILES: readonly { key: string; path: string; bytes: number }[];
}
