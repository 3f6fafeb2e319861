import { describe, expect, it } from 'vitest';
import { inspectPdf, inspectProofFile } from './proof-inspection.js';

/** A PDF written by hand, its objects numbered from 1 (no cross-reference table: readers rebuild it). */
function handWritten(objects: string[], trailer = '/Root 1 0 R'): Uint8Array {
  const body = objects.map((object, index) => `${index + 1} 0 obj\n${object}\nendobj\n`).join('');
  return new TextEncoder().encode(`%PDF-1.4\n${body}trailer\n<< ${trailer} >>\n%%EOF\n`);
}

const CATALOG = '<< /Type /Catalog /Pages 2 0 R >>';
const PAGES = '<< /Type /Pages /Kids [3 0 R] /Count 1 >>';

describe('inspectPdf', () => {
  it('finds nothing in a plain page', async () => {
    expect(await inspectPdf(handWritten([CATALOG, PAGES, '<< /Type /Page /Parent 2 0 R >>']))).toEqual([]);
  });

  it('finds a script in a link annotation, away from the catalog', async () => {
    const page = '<< /Type /Page /Parent 2 0 R /Annots [4 0 R] >>';
    const link = '<< /Type /Annot /Subtype /Link /Rect [0 0 10 10] /A << /S /JavaScript /JS (app.alert\\(1\\)) >> >>';
    expect(await inspectPdf(handWritten([CATALOG, PAGES, page, link]))).toEqual(['javascript']);
  });

  it('reads names written with escapes in either case, as readers do', async () => {
    // /S /JavaScript and /S /Launch, spelled /J#61vaScript and /#4caunch.
    const catalog = '<< /Type /Catalog /Pages 2 0 R /OpenAction << /S /J#61vaScript /#4aS (1) >> >>';
    expect(await inspectPdf(handWritten([catalog, PAGES, '<< /Type /Page /Parent 2 0 R >>']))).toEqual(['javascript']);
    const launch = '<< /Type /Catalog /Pages 2 0 R /OpenAction << /S /#4caunch /F (calc.exe) >> >>';
    expect(await inspectPdf(handWritten([launch, PAGES, '<< /Type /Page /Parent 2 0 R >>']))).toEqual(['launch']);
  });

  it('finds a file attachment annotation and form field actions', async () => {
    const page = '<< /Type /Page /Parent 2 0 R /Annots [4 0 R 5 0 R] >>';
    const attachment = '<< /Type /Annot /Subtype /FileAttachment /Rect [0 0 10 10] /FS (a.txt) >>';
    const field = '<< /Type /Annot /Subtype /Widget /Rect [0 0 10 10] /AA << /K << /S /GoTo /D [3 0 R /Fit] >> >> >>';
    expect(await inspectPdf(handWritten([CATALOG, PAGES, page, attachment, field]))).toEqual([
      'embedded-files',
      'additional-actions',
    ]);
  });

  it('says when it could not see everything: encrypted, or not a PDF it can read', async () => {
    const encrypt = '<< /Filter /Standard /V 2 /R 3 /O (x) /U (y) /P -4 >>';
    expect(
      await inspectPdf(
        handWritten([CATALOG, PAGES, '<< /Type /Page /Parent 2 0 R >>', encrypt], '/Root 1 0 R /Encrypt 4 0 R'),
      ),
    ).toEqual(['encrypted']);
    expect(await inspectPdf(new TextEncoder().encode('%PDF-1.7\nnot a document'))).toEqual(['uninspectable']);
    expect(await inspectPdf(new TextEncoder().encode('%PDF-1.7\n1 0 obj << /Type /Catalog /K [ 1 >> endobj'))).toEqual([
      'uninspectable',
    ]);
  });
});

describe('inspectProofFile', () => {
  it('inspects PDFs only', async () => {
    const script = handWritten(['<< /Type /Catalog /Names << /JavaScript 2 0 R >> >>', '<< /Names [(a) 3 0 R] >>']);
    expect(await inspectProofFile(script, 'application/pdf')).toEqual(['javascript']);
    expect(await inspectProofFile(script, 'image/png')).toEqual([]);
  });
});
