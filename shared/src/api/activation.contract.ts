import { z } from 'zod';
import {
  PROOF_MIME_TYPES,
  ZActivation,
  ZActivationApproveRequest,
  ZActivationProofRequest,
  ZActivationRejectRequest,
  ZAdminActivation,
  ZAdminActivationsQuery,
} from '../activation.js';
import { ZUser } from '../user.js';
import { type RouteTable, withSchemas } from './contract.js';

/** A proof id in the path; the server answers 404 for anything that is not an id. */
const ZProofParams = z.object({ id: z.string() });

/** The member's proof of deposit and the admins' review of it: where each call lives and who may make it. */
export const ActivationRoutes = {
  status: { method: 'GET', path: '/activation', group: 'member' },
  submitProof: { method: 'POST', path: '/activation/proof', group: 'member', status: 201, idempotent: true },
  proofFile: { method: 'GET', path: '/activation/proof/:id/file', group: 'member', file: true },
  list: { method: 'GET', path: '/admin/activations', group: 'admin', paged: true },
  approve: { method: 'POST', path: '/admin/activations/:id/approve', group: 'admin' },
  reject: { method: 'POST', path: '/admin/activations/:id/reject', group: 'admin' },
} as const satisfies RouteTable;

/** What each of ActivationRoutes takes and answers. */
export const ActivationContract = /* @__PURE__ */ withSchemas(ActivationRoutes, {
  status: {
    summary: "The member's activation status",
    data: ZActivation,
  },
  submitProof: {
    summary: 'Upload a proof of deposit (multipart: brokerAccount, depositAmount, accessPath, file)',
    upload: { fields: ZActivationProofRequest, file: 'file' },
    data: z.object({ activation: ZActivation, user: ZUser }),
  },
  proofFile: {
    summary: "A proof's file, as a download (its owner and admins)",
    params: ZProofParams,
    data: z.string().meta({ format: 'binary' }),
    media: PROOF_MIME_TYPES,
  },
  list: {
    summary: 'One page of proofs in a status, with their members',
    query: ZAdminActivationsQuery,
    data: z.array(ZAdminActivation),
  },
  approve: {
    summary: 'Approve a proof and grant the tier',
    // A proof already reviewed.
    raises: ['conflict'],
    params: ZProofParams,
    body: ZActivationApproveRequest,
    data: ZAdminActivation,
  },
  reject: {
    summary: 'Reject a proof with a reason',
    // A proof already reviewed.
    raises: ['conflict'],
    params: ZProofParams,
    body: ZActivationRejectRequest,
    data: ZAdminActivation,
  },
});
