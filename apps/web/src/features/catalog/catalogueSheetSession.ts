// A spreadsheet chosen for import, read and planned where it is kept: in the catalogue sheet Worker (or the page).
import {
  guessColumnMapping,
  planCatalogueImport,
  type CatalogueImportReport,
  type ColumnMapping,
  type Product,
  type SheetDefaults,
  type SheetWrite,
} from '@hanouti/core';
import { listProducts } from '../../data/productsRepository';
import { readSheetFile, type SheetFileError } from './catalogSheetFile';

/** Rows sent back for the column examples: the dialog shows the first non-empty cell of each column. */
export const SAMPLE_ROWS = 50;

export type SheetRequest =
  | { type: 'read'; file: File; defaults: SheetDefaults }
  | { type: 'plan'; mapping: ColumnMapping; defaults: SheetDefaults }
  | { type: 'writes'; mapping: ColumnMapping; defaults: SheetDefaults };

export type SheetRead =
  | { ok: false; error: SheetFileError }
  | {
      ok: true;
      headers: string[];
      samples: string[][];
      firstLine: number;
      mapping: ReturnType<typeof guessColumnMapping>[number][];
      report: CatalogueImportReport;
    };

export type SheetReply<R extends SheetRequest> = R extends { type: 'read' }
  ? SheetRead
  : R extends { type: 'plan' }
    ? CatalogueImportReport
    : { writes: SheetWrite[]; report: CatalogueImportReport };

/**
 * One chosen file: its rows stay here (only the header, the first rows, the report and, at the end, the
 * writes cross over). The catalogue read with the file serves the previews; the writes are planned on the
 * catalogue as it is when the shopkeeper confirms.
 */
export class CatalogueSheetSession {
  private sheet?: { rows: string[][]; firstLine: number; catalogue: Product[] };

  async run<R extends SheetRequest>(request: R): Promise<SheetReply<R>> {
    return (await this.handle(request)) as SheetReply<R>;
  }

  private async handle(request: SheetRequest): Promise<SheetReply<SheetRequest>> {
    if (request.type === 'read') {
      this.sheet = undefined;
      const [sheet, catalogue] = await Promise.all([readSheetFile(request.file), listProducts()]);
      if (!sheet.ok) return { ok: false, error: sheet.error };
      const { headers, rows, firstLine } = sheet;
      this.sheet = { rows, firstLine, catalogue };
      const mapping = guessColumnMapping(headers);
      return {
        ok: true,
        headers,
        samples: rows.slice(0, SAMPLE_ROWS),
        firstLine,
        mapping,
        report: this.plan(mapping, request.defaults, catalogue).report,
      };
    }
    if (!this.sheet) throw new Error('No spreadsheet read');
    if (request.type === 'plan')
      return this.plan(request.mapping, request.defaults, this.sheet.catalogue).report;
    // Planned again on the catalogue as it is now: a product added since the preview is matched too.
    return this.plan(request.mapping, request.defaults, await listProducts());
  }

  private plan(mapping: ColumnMapping, defaults: SheetDefaults, catalogue: readonly Product[]) {
    const { rows, firstLine } = this.sheet!;
    return planCatalogueImport(rows, mapping, catalogue, defaults, firstLine);
  }
}
