import { ZProfileUpdateRequest } from '../auth.schemas.js';
import { ZUser } from '../user.js';
import { defineRoute } from './contract.js';

/** The member's own account. */
export const UsersContract = {
  updateProfile: defineRoute({
    method: 'PUT',
    path: '/users/profile',
    group: 'member',
    summary: "Save the member's profile (account setup); answers the updated member",
    body: ZProfileUpdateRequest,
    data: ZUser,
  }),
} as const;
