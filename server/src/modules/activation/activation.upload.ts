import {
  ActivationMessages,
  Messages,
  PROOF_FIELD_MAX,
  PROOF_LIMITS,
  type TActivationProofRequest,
  ZActivationProofRequest,
} from '@signalroom/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.js';
import { parseWith } from '../../http/parse.js';

const FILE_FIELD = 'file';

/**
 * Multipart limits of a proof upload: one file of at most 5 MB and a few short fields. The field count
 * has headroom so an unknown field is refused by its name rather than by the count.
 */
export const PROOF_UPLOAD_LIMITS = {
  fileSize: PROOF_LIMITS.maxFileBytes,
  files: 1,
  fields: 8,
  parts: 10,
  fieldSize: PROOF_FIELD_MAX,
  fieldNameSize: 100,
  headerPairs: 20,
};

/** A request body longer than this cannot hold a file within the limit (headroom for fields and boundaries). */
export const PROOF_MAX_REQUEST_BYTES = PROOF_LIMITS.maxFileBytes + 64 * 1024;

export interface ProofUpload {
  fields: TActivationProofRequest;
  /** Null when no file was attached (browsers send an empty part for an empty file input). */
  file: { bytes: Buffer; fileName: string } | null;
}

/** Multipart errors of @fastify/multipart, by code, turned into the envelope's answers. */
function uploadError(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return AppError.tooLarge(ActivationMessages.fileTooLarge, { file: ActivationMessages.fileTooLarge });
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return AppError.validation(ActivationMessages.tooManyParts);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
    case 'FST_MP_PREMATURE_CLOSE':
      return AppError.validation(ActivationMessages.notMultipart);
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return AppError.validation(Messages.common.invalidRequest);
    default:
      // Malformed multipart bodies (cut short, bad boundaries) come from busboy as plain errors.
      if (
        error instanceof Error &&
        !(error instanceof AppError) &&
        /multipart|boundary|terminated/i.test(error.message)
      ) {
        return AppError.validation(ActivationMessages.notMultipart);
      }
      return error;
  }
}

/**
 * Reads a proof upload into memory (at most 5 MB, checked while reading): the text fields and the one
 * file. The text fields then pass the request schema like a JSON body (unknown fields, hidden control
 * characters and missing fields are refused with its words); a second file is refused. Nothing is
 * stored here.
 */
export async function readProofUpload(request: FastifyRequest): Promise<ProofUpload> {
  if (!request.isMultipart()) throw AppError.validation(ActivationMessages.notMultipart);
  const fields = new Map<string, string>();
  let file: ProofUpload['file'] = null;
  try {
    for await (const part of request.parts({ limits: PROOF_UPLOAD_LIMITS })) {
      if (part.type === 'file') {
        if (part.fieldname !== FILE_FIELD) throw AppError.validation(ActivationMessages.tooManyParts);
        const bytes = await part.toBuffer();
        file = bytes.length > 0 ? { bytes, fileName: part.filename ?? '' } : null;
        continue;
      }
      fields.set(part.fieldname, String(part.value ?? ''));
    }
  } catch (error) {
    throw uploadError(error);
  }
  return { fields: parseWith(ZActivationProofRequest, Object.fromEntries(fields)), file };
}

/** The device's file name, cut to a displayable length with control characters removed. */
export function displayFileName(name: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const clean = name.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (clean || 'proof').slice(0, PROOF_LIMITS.fileNameMax);
}
