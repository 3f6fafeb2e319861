import { STORAGE_KEYS, type TUser } from '@signalroom/shared';
import { create } from 'zustand';

interface SessionState {
  token: string | null;
  user: TUser | null;
  /** Stores token and user after confirm-code or login (spec section 4). */
  setSession(token: string, user: TUser): void;
  /** Replaces the stored user (after /auth/me, a profile save or an account:update push). */
  setUser(user: TUser): void;
  /** Clears storage and state (logout, revoked token). */
  clear(): void;
}

function readStoredUser(): TUser | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.user);
    return raw ? (JSON.parse(raw) as TUser) : null;
  } catch {
    return null;
  }
}

function readStoredToken(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.token);
  } catch {
    return null;
  }
}

/** The signed-in member, mirrored to localStorage under the product's keys. */
export const useSessionStore = create<SessionState>((set) => ({
  token: readStoredToken(),
  user: readStoredUser(),
  setSession(token, user) {
    localStorage.setItem(STORAGE_KEYS.token, token);
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    set({ token, user });
  },
  setUser(user) {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    set({ user });
  },
  clear() {
    localStorage.removeItem(STORAGE_KEYS.token);
    localStorage.removeItem(STORAGE_KEYS.user);
    set({ token: null, user: null });
  },
}));
