import {
  ActivationMessages,
  isProofFileType,
  PROOF_FILE_TYPES,
  parseAccessPath,
  proofFieldIssues,
  type TActivation,
  type TUser,
} from '@signalroom/shared';
import { fileTypeFromBuffer } from 'file-type';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { assertNoFieldErrors, isUuid } from '../../http/parse.js';
import { presentUser } from '../../sessions/user-row.js';
import type { FileStore } from '../../storage/file-store.js';
import { updateUser } from '../users/users.repository.js';
import { announceAccount, announceNewProof, announceStatus } from './activation.events.js';
import { presentActivation, presentAdminActivation } from './activation.presenter.js';
import {
  deletePendingProof,
  findLatestProof,
  findProof,
  insertProof,
  lockMember,
  type ProofRow,
} from './activation.repository.js';
import { displayFileName, type ProofUpload } from './activation.upload.js';
import { inspectProofFile } from './proof-inspection.js';

/** The member's activation status: their latest proof (none, pending, approved or rejected). */
export async function getActivation(ctx: ServerContext, user: TUser): Promise<TActivation> {
  return presentActivation(await findLatestProof(ctx.db, user.id));
}

/**
 * Stores a member's proof of deposit. The fields follow the account-setup rules; the file must be a
 * PNG, JPEG, WebP or PDF judged by its bytes; a PDF's active content (JavaScript, launch actions,
 * embedded files ...) is recorded with the proof for its reviewers, never a reason to refuse it. A pending proof of the member's is replaced in the same
 * transaction that inserts the new one (one pending proof per member, held by a unique index). The
 * declared broker account, deposit and path also become the member's profile values. The file is
 * stored first; once the transaction has ended, the file no row references any more (the new one if
 * it failed, the replaced proof's if it committed) is deleted.
 */
export async function submitProof(
  ctx: ServerContext,
  user: TUser,
  upload: ProofUpload,
): Promise<{ activation: TActivation; user: TUser }> {
  const { fields, file } = upload;
  const chosenPath = parseAccessPath(fields.accessPath);
  if (chosenPath === undefined) {
    throw AppError.validation(ActivationMessages.accessPathInvalid, {
      accessPath: ActivationMessages.accessPathInvalid,
    });
  }
  const accessPath = chosenPath ?? user.accessPath;
  const errors: Record<string, string | undefined> = proofFieldIssues({
    brokerAccount: fields.brokerAccount,
    depositAmount: fields.depositAmount,
    accessPath,
  });
  if (!file) errors.file = ActivationMessages.fileRequired;
  assertNoFieldErrors(errors);
  const bytes = file!.bytes;
  const detected = await fileTypeFromBuffer(bytes);
  if (!isProofFileType(detected?.mime)) {
    throw AppError.validation(ActivationMessages.fileType, { file: ActivationMessages.fileType });
  }
  const contentType = detected.mime;
  const activeContent = await inspectProofFile(bytes, contentType);
  const brokerAccount = fields.brokerAccount!.trim();
  const depositAmount = Number(fields.depositAmount!.trim());

  const store = ctx.files;
  // A proof may be megabytes: it must not take the reserve the database needs (ops/storage-guard.ts).
  await ctx.storage.ensureRoom(bytes.length);
  const fileKey = await store.put(bytes, contentType);
  let result: {
    proof: ProofRow;
    replaced: ProofRow | null;
    member: NonNullable<Awaited<ReturnType<typeof updateUser>>>;
  };
  try {
    result = await ctx.db.transaction().execute(async (trx) => {
      // One member's uploads run one at a time, so the replace below always sees the latest pending proof.
      if (!(await lockMember(trx, user.id))) throw AppError.unauthorized();
      const replaced = await deletePendingProof(trx, user.id);
      const proof = await insertProof(trx, {
        user_id: user.id,
        broker_account: brokerAccount,
        deposit_amount: depositAmount,
        access_path: accessPath,
        file_key: fileKey,
        file_type: contentType,
        file_size: bytes.byteLength,
        file_name: displayFileName(file!.fileName),
        active_content: activeContent,
        submitted_at: ctx.now(),
      });
      const member = await updateUser(trx, user.id, {
        broker_account_id: brokerAccount,
        deposit_amount: depositAmount,
        ...(accessPath ? { access_path: accessPath } : {}),
      });
      if (!member) throw AppError.unauthorized();
      return { proof, replaced, member };
    });
  } catch (error) {
    // Rolled back: no row references the new file.
    await removeUnreferencedFile(ctx, store, fileKey, { userId: user.id, why: 'proof not saved' });
    throw error;
  }
  if (result.replaced) {
    // Committed: the replaced proof's row is gone, so is any reference to its file.
    await removeUnreferencedFile(ctx, store, result.replaced.file_key, {
      userId: user.id,
      proofId: result.replaced.id,
      why: 'proof replaced',
    });
  }

  if (activeContent.length > 0) {
    ctx.logger.info({ userId: user.id, proofId: result.proof.id, activeContent }, 'proof flagged for active content');
  }
  const activation = presentActivation(result.proof);
  const member = presentUser(result.member);
  await announceStatus(ctx, user.id, activation);
  await announceAccount(ctx, user.id);
  await announceNewProof(
    ctx,
    presentAdminActivation({
      ...result.proof,
      member: {
        id: member.id,
        full_name: member.fullName,
        email: member.email,
        admission_code: member.admissionCode,
        tier: member.tier,
      },
    }),
    result.replaced?.id ?? null,
  );
  return { activation, user: member };
}

/**
 * Deletes a file no row references any more, once the transaction that dropped the reference has
 * ended. The member's request does not fail for it; a failure is logged with what the file belonged
 * to, since the file then stays in the store.
 */
async function removeUnreferencedFile(
  ctx: ServerContext,
  store: FileStore,
  fileKey: string,
  context: { userId: string; proofId?: string; why: string },
): Promise<void> {
  try {
    await store.delete(fileKey);
  } catch (error) {
    ctx.logger.error({ err: error, fileKey, ...context }, 'unreferenced proof file not removed from the file store');
  }
}

/**
 * A proof's file for its owner or an admin. Anyone else gets the same 404 as for a proof that does not
 * exist, so ids reveal nothing.
 */
export async function readProofFile(
  ctx: ServerContext,
  user: TUser,
  id: string,
): Promise<{ bytes: Uint8Array; contentType: string; downloadName: string }> {
  if (!isUuid(id)) throw AppError.notFound();
  const proof = await findProof(ctx.db, id);
  if (!proof || (proof.user_id !== user.id && user.role !== 'admin')) throw AppError.notFound();
  const file = await ctx.files.get(proof.file_key);
  if (!file) throw AppError.notFound();
  const extension = isProofFileType(proof.file_type) ? PROOF_FILE_TYPES[proof.file_type] : 'bin';
  return {
    bytes: file.bytes,
    contentType: proof.file_type,
    downloadName: `proof-${proof.id.slice(0, 8)}.${extension}`,
  };
}
