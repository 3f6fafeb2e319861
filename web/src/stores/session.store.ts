import { STORAGE_KEYS, type TUser } from '@signalroom/shared';
import { create } from 'zustand';
import { forgetOfflineSignals } from '../app/offline-cache.js';

interface SessionState {
  token: string | null;
  user: TUser | null;
  /** This browser's device token from an earlier login; logging out keeps it (it is no credential). */
  deviceToken: string | null;
  /** Stores token, user and the browser's device token after confirm-code or login. */
  setSession(token: string, user: TUser, deviceToken: string): void;
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
  deviceToken: readStorage(STORAGE_KEYS.device),
  setSession(token, user, deviceToken) {
    writeStorage(STORAGE_KEYS.token, token);
    writeStorage(STORAGE_KEYS.user, JSON.stringify(user));
    writeStorage(STORAGE_KEYS.device, deviceToken);
    set({ token, user, deviceToken });
  },
  setUser(user) {
    writeStorage(STORAGE_KEYS.user, JSON.stringify(user));
    set({ user });
  },
  clear() {
    writeStorage(STORAGE_KEYS.token, null);
    writeStorage(STORAGE_KEYS.user, null);
    forgetOfflineSignals();
    set({ token: null, user: null });
  },
}));
