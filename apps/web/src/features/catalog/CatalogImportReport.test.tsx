import { describe, expect, it } from 'vitest';
import { CatalogImportReport } from './CatalogImportReport';
import { renderScreen } from '../../test/testScreen';

describe('CatalogImportReport', () => {
  it('isolates the cell text and the product name, a text without letters laid out left to right', () => {
    const { container } = renderScreen(
      <CatalogImportReport
        report={{
          rows: 3,
          added: 0,
          updated: 1,
          unchanged: 0,
          skipped: 2,
          updates: [{ line: 2, reason: 'same-barcode', name: 'Lait' }],
          skips: [
            { line: 3, code: 'cell', column: 'salePrice', problem: 'negative', text: '-5' },
            { line: 4, code: 'name-missing' },
          ],
        }}
      />,
    );
    const isolated = [...container.querySelectorAll('bdi')].map((bdi) => [
      bdi.textContent,
      bdi.getAttribute('dir'),
    ]);
    expect(isolated).toEqual([
      ['Lait', null],
      ['-5', 'ltr'],
    ]);
    expect(container.querySelector('[data-testid="sheet-skips"]')?.textContent).toContain('Ligne 3');
  });
});
