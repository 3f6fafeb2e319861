import { STORAGE_KEYS, type TUser } from '@signalroom/shared';
import { create } from 'zustand';

interface SessionState {
  token: string | null;
  user: TUser | null;
  /** Stores token and user after confirm-code or login. */
  setSession(token: string, user: TUser): void;
  /** Replaces the stored user (after /auth/me, a profile save or an account:update push). */
  setUser(user: TUser): void;
  /** Clears storage and state (logout, revoked token). */
  clear(): void;
}

// Storage can be unavailable (private mode, quota, a non-browser test run): the session then lives in
// memory only, which is still correct for the current tab.
function readStorage(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, value);
  } catch (error) {
    // See above: the session stays in memory only; say why, since a reload will sign the member out.
    console.warn(`Session storage unavailable, keeping "${key}" in memory only:`, error);
  }
}

function readStoredUser(): TUser | null {
  const raw = readStorage(STORAGE_KEYS.user);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as TUser;
  } catch {
    return null;
  }
}

/** The signed-in member, mirrored to localStorage under the product's keys. */
export const useSessionStore = create<SessionState>((set) => ({
  token: readStorage(STORAGE_KEYS.token),
  user: readStoredUser(),
  setSession(token, user) {
    writeStorage(STORAGE_KEYS.token, token);
    writeStorage(STORAGE_KEYS.user, JSON.stringify(user));
    set({ token, user });
  },
  setUser(user) {
    writeStorage(STORAGE_KEYS.user, JSON.stringify(user));
    set({ user });
  },
  clear() {
    writeStorage(STORAGE_KEYS.token, null);
    writeStorage(STORAGE_KEYS.user, null);
    set({ token: null, user: null });
  },
}));
