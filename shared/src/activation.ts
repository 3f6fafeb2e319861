import { z } from 'zod';
import { ACCESS_PATH_LABELS, depositMinimumIssue } from './account-setup.js';
import { AdminQueryMessages } from './admin.schemas.js';
import { AuthMessages } from './auth.messages.js';
import { ACCESS_PATHS, type AccessPath, LIMITS, TIER_MIN_DEPOSIT_USD, TIERS } from './constants.js';
import { ZInstant } from './iso-date.js';
import { Messages } from './messages.js';
import { zChoice, zQueryInteger, zText } from './request-fields.js';
import { hiddenCharacterIssue } from './validation/text.rules.js';

/**
 * Activation in the product: the member uploads a proof of deposit with the broker account ID and the
 * declared deposit; an admin approves it with a tier or rejects it with a reason; the member sees the
 * status live. Shapes, limits and messages shared by the server and the web app.
 */

/** States of one proof. `none` (no proof yet) exists only in the member's status answer. */
export const PROOF_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ProofStatus = (typeof PROOF_STATUSES)[number];
export const ACTIVATION_STATUSES = ['none', ...PROOF_STATUSES] as const;
export type ActivationStatus = (typeof ACTIVATION_STATUSES)[number];

/** Tiers an approval can grant (a guest tier would not unlock anything). */
export const ZGrantableTier = z.enum(['silver', 'pro', 'gold']);
export type GrantableTier = z.infer<typeof ZGrantableTier>;
export const GRANTABLE_TIERS = ZGrantableTier.options;

export const PROOF_LIMITS = {
  /** Largest proof file accepted (bytes). */
  maxFileBytes: 5 * 1024 * 1024,
  brokerAccountMax: 64,
  fileNameMax: 200,
  rejectReasonMax: 500,
  pageSize: LIMITS.adminPageSize,
} as const;

/** Longest text field of a proof upload the server reads (the multipart field-size limit). */
export const PROOF_FIELD_MAX = 1024;

/** Proof file types, decided from the file's bytes on the server; the extension and declared type do not count. */
export const PROOF_FILE_TYPES = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
} as const;
export type ProofFileType = keyof typeof PROOF_FILE_TYPES;
export const PROOF_MIME_TYPES = Object.keys(PROOF_FILE_TYPES) as ProofFileType[];
/** The file input's `accept`: a hint for the picker only. */
export const PROOF_ACCEPT = '.png,.jpg,.jpeg,.webp,.pdf,image/png,image/jpeg,image/webp,application/pdf';

export function isProofFileType(mime: string | undefined): mime is ProofFileType {
  return mime !== undefined && mime in PROOF_FILE_TYPES;
}

/**
 * Active content found in a proof file (PDFs only; an image has none), each a reason to open the file
 * with care. `encrypted` and `uninspectable` say the inspection could not see everything.
 */
export const PROOF_ACTIVE_CONTENT = [
  'javascript',
  'launch',
  'embedded-files',
  'additional-actions',
  'encrypted',
  'uninspectable',
] as const;
export type ProofActiveContent = (typeof PROOF_ACTIVE_CONTENT)[number];

/** How the review queue names each reason. */
export const PROOF_ACTIVE_CONTENT_LABELS: Record<ProofActiveContent, string> = {
  javascript: 'JavaScript',
  launch: 'a launch action (starts a program or opens a file)',
  'embedded-files': 'embedded files',
  'additional-actions': 'actions that run when the file, a page or a form field is opened',
  encrypted: 'encryption (its contents could not all be inspected)',
  uninspectable: 'a structure that could not be inspected (damaged or unusual)',
};

export const ActivationMessages = {
  brokerAccountRequired: AuthMessages.brokerAccountRequired,
  brokerAccountTooLong: `Broker account ID must be at most ${PROOF_LIMITS.brokerAccountMax} characters`,
  depositRequired: 'Deposit amount is required',
  accessPathInvalid: `Choose ${ACCESS_PATH_LABELS.manual} or ${ACCESS_PATH_LABELS.auto}`,
  depositInvalid: 'Enter the deposit amount in USD as a number, e.g. 250',
  fileRequired: 'Attach your proof of deposit (PNG, JPEG, WebP or PDF, up to 5 MB)',
  fileType: 'Upload a PNG, JPEG, WebP or PDF file',
  fileTooLarge: 'The file is larger than 5 MB. Upload a smaller file.',
  notMultipart: 'Send the proof as a form upload (multipart/form-data).',
  tooManyParts: 'Send one file with the broker account ID and the deposit amount.',
  submitted: 'Proof received. An admin will review it shortly.',
  status: 'Activation status',
  approved: 'Activation approved',
  rejected: 'Activation rejected',
  alreadyReviewed: 'This proof has already been reviewed.',
  tierRequired: 'Choose the tier to grant: silver, pro or gold',
  reasonRequired: 'Please give a reason for the rejection',
  reasonTooLong: `The reason must be at most ${PROOF_LIMITS.rejectReasonMax} characters`,
  statusInvalid: 'status must be pending, approved or rejected.',
  noPending: 'No proofs are waiting for review.',
  noReviewed: 'No reviewed proofs yet.',
  activeContent:
    'Careful: this PDF carries active content. Do not open it in a reader that runs scripts; ask the member for a screenshot instead if in doubt.',
  notInspected: 'Uploaded before proofs were inspected for active content.',
} as const;

/** One proof as its owner and admins see it (never the file's bytes). */
export const ZActivationProof = z.object({
  id: z.string(),
  status: z.enum(PROOF_STATUSES),
  brokerAccount: z.string(),
  depositAmount: z.number(),
  accessPath: z.enum(ACCESS_PATHS).nullable(),
  fileType: z.string(),
  fileSize: z.number().int(),
  /** The name the member's device gave the file; shown only, never used to store or serve it. */
  fileName: z.string(),
  submittedAt: ZInstant,
  reviewedAt: ZInstant.nullable(),
  /** The tier granted by an approval. */
  tier: ZGrantableTier.nullable(),
  /** Why a proof was rejected. */
  reason: z.string().nullable(),
});
export type TActivationProof = z.infer<typeof ZActivationProof>;

/** data of GET /api/activation and the `activation:update` push: the member's latest proof. */
export const ZActivation = z.object({
  status: z.enum(ACTIVATION_STATUSES),
  proof: ZActivationProof.nullable(),
});
export type TActivation = z.infer<typeof ZActivation>;

/** One item of the admin review queue: the proof and who sent it. */
export const ZAdminActivation = ZActivationProof.extend({
  /**
   * The active content found in the file when it was uploaded (empty: none); null for a proof stored
   * before uploads were inspected.
   */
  activeContent: z.array(z.enum(PROOF_ACTIVE_CONTENT)).nullable(),
  member: z.object({
    id: z.string(),
    fullName: z.string(),
    email: z.string(),
    admissionCode: z.string(),
    tier: z.enum(TIERS),
  }),
});
export type TAdminActivation = z.infer<typeof ZAdminActivation>;

/** GET /api/admin/activations?status&page&limit */
export const ZAdminActivationsQuery = z
  .object({
    status: zChoice(PROOF_STATUSES, ActivationMessages.statusInvalid).default('pending'),
    page: zQueryInteger(1, 100_000, AdminQueryMessages.page).default(1),
    limit: zQueryInteger(1, 100, AdminQueryMessages.limit).default(PROOF_LIMITS.pageSize),
  })
  .strict();
export type TAdminActivationsQuery = z.infer<typeof ZAdminActivationsQuery>;

/** POST /api/admin/activations/:id/approve; the tier is checked by `grantableTier` (any case, trimmed). */
export const ZActivationApproveRequest = z
  .object({ tier: zText({ max: 20, required: ActivationMessages.tierRequired }) })
  .strict();
/** POST /api/admin/activations/:id/reject; the reason is free text over lines (`rejectReasonIssue`). */
export const ZActivationRejectRequest = z
  .object({ reason: zText({ max: 10_000, kind: 'multi-line', required: ActivationMessages.reasonRequired }) })
  .strict();

/**
 * The text fields of POST /api/activation/proof (multipart/form-data; the file is a part of its own).
 * Bounded by the multipart field size; `proofFieldIssues` then gives each field's own rule.
 */
export const ZActivationProofRequest = z
  .object({
    brokerAccount: zText({ max: PROOF_FIELD_MAX, required: ActivationMessages.brokerAccountRequired }),
    depositAmount: zText({ max: PROOF_FIELD_MAX, required: ActivationMessages.depositRequired }),
    accessPath: zText({ max: PROOF_FIELD_MAX }).optional(),
  })
  .strict();
export type TActivationProofRequest = z.infer<typeof ZActivationProofRequest>;

/** The tier of an approval, or null when the value is not one an approval can grant. */
export function grantableTier(value: string | undefined): GrantableTier | null {
  const parsed = ZGrantableTier.safeParse(value?.trim().toLowerCase());
  return parsed.success ? parsed.data : null;
}

/**
 * The tier an admin is offered first for a declared deposit: the highest whose capital threshold it meets
 * (silver $20+, pro $100+, gold $500+), silver below that. Only a suggestion; the admin decides.
 */
export function suggestedTier(depositAmount: number): GrantableTier {
  if (depositAmount >= TIER_MIN_DEPOSIT_USD.gold) return 'gold';
  if (depositAmount >= TIER_MIN_DEPOSIT_USD.pro) return 'pro';
  return 'silver';
}

/** Why a rejection reason is not acceptable, or null when it is (required, at most 500 characters). */
export function rejectReasonIssue(reason: string | undefined): string | null {
  const text = reason?.trim() ?? '';
  if (!text) return ActivationMessages.reasonRequired;
  if (text.length > PROOF_LIMITS.rejectReasonMax) return ActivationMessages.reasonTooLong;
  return null;
}

/** The text fields of a proof upload, as typed. */
export interface ProofFieldsInput {
  brokerAccount: string | undefined;
  depositAmount: string | undefined;
  accessPath: AccessPath | null;
}

export type ProofFieldErrors = Partial<Record<'brokerAccount' | 'depositAmount' | 'accessPath', string>>;

/**
 * Checks the proof's fields with the account-setup rules: the broker account ID is required; the deposit
 * is required, a number above 0, and at least the access path's minimum ($30 manual, $500 auto). With
 * no path chosen yet the lower minimum applies.
 */
export function proofFieldIssues(input: ProofFieldsInput): ProofFieldErrors {
  const errors: ProofFieldErrors = {};
  const broker = input.brokerAccount?.trim() ?? '';
  if (!broker) errors.brokerAccount = ActivationMessages.brokerAccountRequired;
  else if (hiddenCharacterIssue(broker)) errors.brokerAccount = Messages.common.hiddenCharacters;
  else if (broker.length > PROOF_LIMITS.brokerAccountMax)
    errors.brokerAccount = ActivationMessages.brokerAccountTooLong;
  const amountText = input.depositAmount?.trim() ?? '';
  if (!amountText) errors.depositAmount = ActivationMessages.depositRequired;
  else if (hiddenCharacterIssue(amountText)) errors.depositAmount = Messages.common.hiddenCharacters;
  else {
    const amount = Number(amountText);
    if (!Number.isFinite(amount) || amount <= 0 || amount > 100_000_000) {
      errors.depositAmount = ActivationMessages.depositInvalid;
    } else {
      const issue = depositMinimumIssue(input.accessPath ?? 'manual', amount);
      if (issue) errors.depositAmount = issue;
    }
  }
  return errors;
}

/** Parses the access path field of an upload: a known path, null when absent or blank, undefined when unknown. */
export function parseAccessPath(value: string | undefined): AccessPath | null | undefined {
  const text = value?.trim() ?? '';
  if (!text) return null;
  return (ACCESS_PATHS as readonly string[]).includes(text) ? (text as AccessPath) : undefined;
}
