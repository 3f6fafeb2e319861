import { AuthRoutes, Messages, type TRegisterRequest } from '@signalroom/shared';
import { callApi } from './client.js';

/**
 * The public auth calls under /api/auth. Each resolves to the data or a failure whose message is the
 * server's, or the wrapper message; `status: 'unreachable'` when no answer came, which pages
 * turn into their exception messages.
 */
export const authApi = {
  register: (body: TRegisterRequest) =>
    callApi(AuthRoutes.register, { body, fallbackMessage: Messages.wrapper.register }),
  confirmCode: (email: string, confirmationCode: string) =>
    callApi(AuthRoutes.confirmCode, {
      body: { email, confirmationCode },
      fallbackMessage: Messages.wrapper.confirmCode,
    }),
  resendWelcomeEmail: (email: string) =>
    callApi(AuthRoutes.resendWelcomeEmail, { body: { email }, fallbackMessage: Messages.wrapper.resendWelcomeEmail }),
  /** `deviceToken`: the one an earlier login on this browser returned (its logins pass the account lock). */
  login: (email: string, password: string, deviceToken: string | null) =>
    callApi(AuthRoutes.login, {
      body: { email, password, ...(deviceToken ? { deviceToken } : {}) },
      fallbackMessage: Messages.wrapper.login,
    }),
  forgotPassword: (email: string) =>
    callApi(AuthRoutes.forgotPassword, { body: { email }, fallbackMessage: Messages.wrapper.forgotPassword }),
  verifyResetToken: (token: string) =>
    callApi(AuthRoutes.verifyResetToken, { body: { token }, fallbackMessage: Messages.wrapper.verifyResetToken }),
  resetPassword: (token: string, newPassword: string) =>
    callApi(AuthRoutes.resetPassword, {
      body: { token, newPassword },
      fallbackMessage: Messages.wrapper.resetPassword,
    }),
};
