import { z } from 'zod';
import {
  ZActivation,
  ZActivationApproveRequest,
  ZActivationRejectRequest,
  ZAdminActivation,
  ZAdminActivationsQuery,
} from '../activation.js';
import { ZUser } from '../user.js';
import { defineRoute } from './contract.js';

/** A proof id in the path; the server answers 404 for anything that is not an id. */
const ZProofParams = z.object({ id: z.string() });

/** The member's proof of deposit and the admins' review of it. */
export const ActivationContract = {
  status: defineRoute({
    method: 'GET',
    path: '/activation',
    group: 'member',
    summary: "The member's activation status",
    data: ZActivation,
  }),
  submitProof: defineRoute({
    method: 'POST',
    path: '/activation/proof',
    group: 'member',
    summary: 'Upload a proof of deposit (multipart: brokerAccount, depositAmount, accessPath, file)',
    data: z.object({ activation: ZActivation, user: ZUser }),
    status: 201,
  }),
  proofFile: defineRoute({
    method: 'GET',
    path: '/activation/proof/:id/file',
    group: 'member',
    summary: "A proof's file, as a download (its owner and admins)",
    params: ZProofParams,
    data: z.string().meta({ format: 'binary' }),
    file: true,
  }),
  list: defineRoute({
    method: 'GET',
    path: '/admin/activations',
    group: 'admin',
    summary: 'One page of proofs in a status, with their members',
    query: ZAdminActivationsQuery,
    data: z.array(ZAdminActivation),
    paged: true,
  }),
  approve: defineRoute({
    method: 'POST',
    path: '/admin/activations/:id/approve',
    group: 'admin',
    summary: 'Approve a proof and grant the tier',
    params: ZProofParams,
    body: ZActivationApproveRequest,
    data: ZAdminActivation,
  }),
  reject: defineRoute({
    method: 'POST',
    path: '/admin/activations/:id/reject',
    group: 'admin',
    summary: 'Reject a proof with a reason',
    params: ZProofParams,
    body: ZActivationRejectRequest,
    data: ZAdminActivation,
  }),
} as const;
