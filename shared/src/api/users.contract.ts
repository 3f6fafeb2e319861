import { ZProfileUpdateRequest } from '../auth.schemas.js';
import { ZUser } from '../user.js';
import { type RouteTable, withSchemas } from './contract.js';

/** The member's own account: where each call lives and who may make it. */
export const UsersRoutes = {
  updateProfile: { method: 'PUT', path: '/users/profile', group: 'member' },
} as const satisfies RouteTable;

/** What each of UsersRoutes takes and answers. */
export const UsersContract = /* @__PURE__ */ withSchemas(UsersRoutes, {
  updateProfile: {
    summary: "Save the member's profile (account setup); answers the updated member",
    body: ZProfileUpdateRequest,
    data: ZUser,
  },
});
