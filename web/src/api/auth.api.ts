import { Messages, type TRegisterRequest, type TSessionData } from '@signalroom/shared';
import { api } from './client.js';

/**
 * The public auth calls of spec section 7, under /api/auth. Each resolves to the envelope (success
 * false with the server's message or the spec's wrapper message) and throws NetworkError only when
 * the server cannot be reached; pages turn that into the spec's exception messages.
 */
export const authApi = {
  register: (body: TRegisterRequest) =>
    api.post<unknown>('/auth/register', body, { fallbackMessage: Messages.wrapper.register }),
  confirmCode: (email: string, confirmationCode: string) =>
    api.post<TSessionData>(
      '/auth/confirm-code',
      { email, confirmationCode },
      { fallbackMessage: Messages.wrapper.confirmCode },
    ),
  resendWelcomeEmail: (email: string) =>
    api.post<unknown>(
      '/auth/resend-welcome-email',
      { email },
      { fallbackMessage: Messages.wrapper.resendWelcomeEmail },
    ),
  login: (email: string, password: string) =>
    api.post<TSessionData>('/auth/login', { email, password }, { fallbackMessage: Messages.wrapper.login }),
  forgotPassword: (email: string) =>
    api.post<unknown>('/auth/forgot-password', { email }, { fallbackMessage: Messages.wrapper.forgotPassword }),
  verifyResetToken: (token: string) =>
    api.post<{ email: string }>(
      '/auth/verify-reset-token',
      { token },
      { fallbackMessage: Messages.wrapper.verifyResetToken },
    ),
  resetPassword: (token: string, newPassword: string) =>
    api.post<unknown>(
      '/auth/reset-password',
      { token, newPassword },
      { fallbackMessage: Messages.wrapper.resetPassword },
    ),
};

/** The message a failed answer shows: the server's error text or message, else the spec's fallback. */
export function failureMessage(answer: { message?: string | null }, fallback: string): string {
  return answer.message?.trim() ? answer.message : fallback;
}
