import { PROOF_ACTIVE_CONTENT, type ProofActiveContent } from '@signalroom/shared';
import { PDFArray, PDFDict, PDFDocument, PDFName, type PDFObject, PDFStream } from 'pdf-lib';

/** Past this many objects walked, a file is flagged as not inspected rather than walked on. */
const MAX_OBJECTS_WALKED = 1_000_000;

/**
 * A name as a PDF reader reads it. pdf-lib decodes `#xx` escapes only in upper case, so what it left
 * (`/#4aavaScript` for /JavaScript) is decoded here too, in either case.
 */
function nameOf(name: PDFName): string {
  let text = name.asString().slice(1);
  for (let round = 0; round < 3 && text.includes('#'); round += 1) {
    text = text.replace(/#([0-9a-fA-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  }
  return text;
}

/** What one dictionary entry says of the file, if anything. */
function reasonOf(key: string, value: PDFObject): ProofActiveContent | null {
  const valueName = value instanceof PDFName ? nameOf(value) : null;
  // An action's script (/JS), a JavaScript action (/S /JavaScript), or the document's scripts (the
  // Names tree's /JavaScript), wherever they sit: catalog, OpenAction, pages, annotations, fields.
  if (key === 'JS' || key === 'JavaScript' || (key === 'S' && valueName === 'JavaScript')) return 'javascript';
  if (key === 'S' && valueName === 'Launch') return 'launch';
  if (key === 'EmbeddedFiles' || key === 'EF') return 'embedded-files';
  if ((key === 'Type' && valueName === 'EmbeddedFile') || (key === 'Subtype' && valueName === 'FileAttachment')) {
    return 'embedded-files';
  }
  if (key === 'AA') return 'additional-actions';
  return null;
}

/**
 * The active content of a PDF: every object pdf-lib parses is walked (those inside object streams, and
 * those no longer referenced by the latest revision, included), so an action is found wherever it is
 * attached, not only in the catalog. A file pdf-lib cannot parse, or that has no catalog, is flagged
 * `uninspectable`, an encrypted one `encrypted` (its object streams cannot be read); nothing here throws.
 */
export async function inspectPdf(bytes: Uint8Array): Promise<ProofActiveContent[]> {
  const found = new Set<ProofActiveContent>();
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      throwOnInvalidObject: true,
      updateMetadata: false,
    });
  } catch {
    // Whatever pdf-lib could not parse, a reader may still open: the reviewer is told, not the member.
    return ['uninspectable'];
  }
  if (document.isEncrypted) found.add('encrypted');
  // pdf-lib reads leniently: a file without a document catalog is parsed without an error, yet what a
  // reader makes of it is anyone's guess.
  if (!((document.catalog as unknown) instanceof PDFDict)) found.add('uninspectable');

  const pending: PDFObject[] = document.context.enumerateIndirectObjects().map(([, object]) => object);
  let walked = 0;
  while (pending.length > 0) {
    walked += 1;
    if (walked > MAX_OBJECTS_WALKED) {
      found.add('uninspectable');
      break;
    }
    const object = pending.pop() as PDFObject;
    const dict = object instanceof PDFStream ? object.dict : object;
    if (dict instanceof PDFDict) {
      for (const [key, value] of dict.entries()) {
        const reason = reasonOf(nameOf(key), value);
        if (reason) found.add(reason);
        pending.push(value);
      }
    } else if (dict instanceof PDFArray) {
      pending.push(...dict.asArray());
    }
  }
  return PROOF_ACTIVE_CONTENT.filter((reason) => found.has(reason));
}

/** The active content of a proof file: a PDF's, as `inspectPdf` finds it; none for an image. */
export async function inspectProofFile(bytes: Uint8Array, contentType: string): Promise<ProofActiveContent[]> {
  return contentType === 'application/pdf' ? inspectPdf(bytes) : [];
}
