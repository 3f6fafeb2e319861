import type { ProofActiveContent, TActivation, TActivationProof, TAdminActivation } from '@signalroom/shared';
import { PROOF_ACTIVE_CONTENT, toIsoOrNull } from '@signalroom/shared';
import type { ProofRow, ProofWithMember } from './activation.repository.js';

/** Decides which proof fields leave the server: never the file key, the reviewer or the member id. */
export function presentProof(row: ProofRow): TActivationProof {
  return {
    id: row.id,
    status: row.status,
    brokerAccount: row.broker_account,
    depositAmount: Number(row.deposit_amount),
    accessPath: row.access_path,
    fileType: row.file_type,
    fileSize: row.file_size,
    fileName: row.file_name,
    submittedAt: new Date(row.submitted_at).toISOString(),
    reviewedAt: toIsoOrNull(row.reviewed_at),
    tier: row.tier,
    reason: row.reason,
  };
}

/** The member's activation status: their latest proof, or none. */
export function presentActivation(latest: ProofRow | null): TActivation {
  return latest ? { status: latest.status, proof: presentProof(latest) } : { status: 'none', proof: null };
}

function isActiveContent(value: string): value is ProofActiveContent {
  return (PROOF_ACTIVE_CONTENT as readonly string[]).includes(value);
}

/** A queue item for admins: the proof, the active content found in its file, and who sent it. */
export function presentAdminActivation(row: ProofWithMember): TAdminActivation {
  return {
    ...presentProof(row),
    activeContent: row.active_content?.filter(isActiveContent) ?? null,
    member: {
      id: row.member.id,
      fullName: row.member.full_name,
      email: row.member.email,
      admissionCode: row.member.admission_code,
      tier: row.member.tier,
    },
  };
}
