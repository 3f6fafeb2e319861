import {
  type RealtimeSnapshot,
  type SignalAccessMode,
  type StreamJoinAnswer,
  signalAccessMode,
  type TCountdown,
  TIMING,
  type TPerformanceStats,
  type TSignalNote,
  type TSignalView,
  type TUser,
} from '@signalroom/shared';
import { createStore, type StoreApi } from 'zustand/vanilla';
import * as api from '../api/api.js';
import type { AppSocket } from '../realtime/socket.js';
import { emitAdminActivationEvent, useActivationStore } from './activation.store.js';
import { communityEvents } from './community-events.js';
import { botTradeEvents, streamEvents } from './gold-events.js';
import {
  appendNote,
  LIVE_SIGNAL_WINDOW,
  mergeSignal,
  nextTransport,
  normalizeSignals,
  shouldRefreshStats,
  type Transport,
  type TransportEvent,
} from './live-signals.logic.js';
import { useNotificationsStore } from './notifications.store.js';
import { useOfferCountdownStore } from './offer-countdown.store.js';
import { useSessionStore } from './session.store.js';
import { applicationEvents, inboxSupportEvents, memberSupportEvents } from './support-events.js';

export interface LiveSignalsState {
  transport: Transport;
  /**
   * How the signed-in member sees signals: `full` (unlocked, non-guest, or an admin: live), `delayed`
   * (the trial: each signal once its primary window has closed), `none`. The server enforces the same
   * rule.
   */
  mode: SignalAccessMode;
  /** Whether the member receives signals at all (live or delayed). */
  access: boolean;
  signals: TSignalView[];
  stats: TPerformanceStats | null;
  /** The offer countdown, as pushed by the server. */
  countdown: TCountdown | null;
  /** loading until the first snapshot or poll answer; error when the first load failed. */
  loadStatus: 'idle' | 'loading' | 'ready' | 'error';
  loadError: string | null;
  /** When signals were last received (push or poll), ISO. */
  lastRefreshAt: string | null;

  // Reducers: the only way data enters the store; socket listeners and pollers call these.
  applySnapshot(snapshot: RealtimeSnapshot, at?: Date): void;
  applySignal(signal: TSignalView, at?: Date): void;
  /** A follow-up note pushed for a signal in the list. */
  applyNote(note: TSignalNote): void;
  applyStats(stats: TPerformanceStats): void;
  applyCountdown(countdown: TCountdown): void;
  applyAccount(user: TUser): void;
  applyPoll(result: { signals?: TSignalView[]; stats?: TPerformanceStats; error?: string }, at?: Date): void;
  transition(event: TransportEvent): void;
  /** Empties signals and statistics at once (access lost, sign-out). */
  clearSignals(): void;

  // Effects: open or close the live connection for the signed-in member.
  start(token: string, user: TUser): void;
  stop(): void;
  /** Retries after a failed first load. */
  retry(): void;
  /** Joins an asset's platinum stream (gold members; the server refuses anyone else). */
  joinStream(asset: string): Promise<StreamJoinAnswer>;
  leaveStream(): void;
  /**
   * Follows the session user from now on (access, trial end); returns the function that stops following
   * it and closes the connection. The provider calls it on mount.
   */
  attach(): () => void;
}

export type LiveSignalsStore = StoreApi<LiveSignalsState>;

/** How long joining a price stream waits for the socket to connect. */
const STREAM_JOIN_WAIT_MS = 20_000;
/** How long the socket may take to connect before polling starts meanwhile. */
const CONNECT_TIMEOUT_MS = 4000;

const initialData = {
  signals: [] as TSignalView[],
  stats: null as TPerformanceStats | null,
  loadStatus: 'idle' as LiveSignalsState['loadStatus'],
  loadError: null as string | null,
  lastRefreshAt: null as string | null,
};

/**
 * Creates the live signals, statistics and countdown of one dashboard: push through socket.io, polling as
 * fallback. Each call owns its socket, poller and timers, so two stores (tests, several accounts) never
 * share state. The app creates one per dashboard through `LiveSignalsProvider`.
 */
export function createLiveSignalsStore(): LiveSignalsStore {
  // Access as the session stands now, so the first render is right before `attach` follows changes.
  const initialMode = signalAccessMode(useSessionStore.getState().user, new Date());
  const store: LiveSignalsStore = createStore<LiveSignalsState>((set, get) => ({
    transport: 'off',
    mode: initialMode,
    access: initialMode !== 'none',
    countdown: null,
    ...initialData,
    loadStatus: initialMode === 'none' ? 'idle' : 'loading',

    applySnapshot(snapshot, at = new Date()) {
      if (snapshot.countdown) get().applyCountdown(snapshot.countdown);
      if (snapshot.user) get().applyAccount(snapshot.user);
      if (!get().access) return;
      set({
        signals: normalizeSignals(snapshot.signals),
        stats: snapshot.stats,
        loadStatus: 'ready',
        loadError: null,
        lastRefreshAt: at.toISOString(),
      });
    },
    applySignal(signal, at = new Date()) {
      // A signal that arrives after access was lost (a late or replayed event) is dropped.
      if (!get().access) return;
      set((s) => ({ signals: mergeSignal(s.signals, signal), lastRefreshAt: at.toISOString() }));
    },
    applyNote(note) {
      if (!get().access) return;
      set((s) => ({ signals: appendNote(s.signals, note) }));
    },
    applyStats(stats) {
      if (!get().access) return;
      set({ stats });
    },
    applyCountdown(countdown) {
      set({ countdown });
      // The socket's sync points keep the offer countdown on screen in step (and spare its polling).
      useOfferCountdownStore.getState().apply(countdown);
    },
    applyAccount(user) {
      // The session store is the one source of the user; access follows it (see syncAccess below).
      useSessionStore.getState().setUser(user);
    },
    applyPoll(result, at = new Date()) {
      if (!get().access) return;
      if (result.error) {
        // Keep what is shown; only the very first load turns into an error state.
        if (get().loadStatus !== 'ready') set({ loadStatus: 'error', loadError: result.error });
        return;
      }
      set((s) => ({
        signals: result.signals ? normalizeSignals(result.signals) : s.signals,
        stats: result.stats ?? s.stats,
        loadStatus: 'ready',
        loadError: null,
        lastRefreshAt: result.signals ? at.toISOString() : s.lastRefreshAt,
      }));
    },
    transition(event) {
      set((s) => ({ transport: nextTransport(s.transport, event) }));
    },
    clearSignals() {
      set({ ...initialData });
    },

    start(token, user) {
      connection.open(token, user);
    },
    stop() {
      connection.close();
    },
    retry() {
      set({ loadStatus: 'loading', loadError: null });
      void connection.pollOnce();
    },
    joinStream(asset) {
      return connection.joinStream(asset);
    },
    leaveStream() {
      connection.leaveStream();
    },
    attach() {
      const unsubscribe = useSessionStore.subscribe((state, previous) => {
        if (state.user !== previous.user) syncAccess(state.user);
      });
      syncAccess(useSessionStore.getState().user);
      return () => {
        unsubscribe();
        if (trialEndTimer) clearTimeout(trialEndTimer);
        trialEndTimer = null;
        connection.close();
      };
    },
  }));

  /**
   * The effects behind the store: one socket per signed-in member and a 2 s poller that runs only while
   * the socket is down and the member has signal access. Listeners call store actions and nothing else.
   */
  const connection = (() => {
    let socket: AppSocket | null = null;
    let pollTimer: ReturnType<typeof setInterval> | null = null;
    let generation = 0;
    let polling = false;

    const store = () => readLiveState();

    function stopPolling() {
      if (pollTimer) clearInterval(pollTimer);
      pollTimer = null;
    }

    async function pollOnce() {
      if (polling || !store().access) return;
      polling = true;
      const mine = generation;
      try {
        const withStats = shouldRefreshStats(Math.random(), store().stats !== null);
        const [signals, stats] = await Promise.all([
          api.signals.list({ query: { limit: LIVE_SIGNAL_WINDOW, sortOrder: 'desc' } }),
          withStats ? api.signals.performance() : Promise.resolve(null),
        ]);
        if (mine !== generation) return;
        if (!signals.ok) {
          // The session ended elsewhere (logout, expiry): the client has ended it here too (api/client.ts).
          if (signals.status === 'unauthorized') return;
          if (signals.status === 'forbidden') {
            // Access changed on the server while the socket was down: re-read the member, which locks the room.
            const me = await api.auth.me();
            if (me.ok && mine === generation) store().applyAccount(me.data);
            return;
          }
          store().applyPoll({ error: signals.message });
          return;
        }
        store().applyPoll({ signals: signals.data, ...(stats?.ok ? { stats: stats.data } : {}) });
      } finally {
        polling = false;
      }
    }

    function syncPolling() {
      const { transport, access } = store();
      if (transport === 'polling' && access) {
        if (!pollTimer) {
          void pollOnce();
          pollTimer = setInterval(() => void pollOnce(), TIMING.signalPollMs);
        }
      } else stopPolling();
    }

    function transition(event: TransportEvent) {
      store().transition(event);
      syncPolling();
    }

    async function open(token: string, user: TUser) {
      if (socket || store().transport !== 'off') return;
      generation += 1;
      const mine = generation;
      store().applyAccount(user);
      transition({ type: 'start' });
      // A socket that neither connects nor fails (a proxy swallowing upgrades) must not leave the room empty.
      setTimeout(() => {
        if (mine === generation && store().transport === 'connecting') transition({ type: 'connect-failed' });
      }, CONNECT_TIMEOUT_MS);
      try {
        // socket.io-client is loaded only here, in its own chunk, after login.
        const { connectSocket } = await import('../realtime/socket.js');
        if (mine !== generation) return;
        const s = connectSocket(token);
        socket = s;
        let connectedBefore = false;
        s.on('connect', () => {
          transition({ type: 'connected' });
          // Pushes are not replayed: what was pushed before this socket joined its rooms is re-read by
          // the screens showing it. That is what a reconnect missed, and on the first connect what
          // happened between a screen's first read and the socket's arrival (a new application posted
          // while the admin's list loaded would otherwise never show).
          if (useActivationStore.getState().loadStatus === 'ready') void useActivationStore.getState().load();
          if (useNotificationsStore.getState().status !== 'idle') void useNotificationsStore.getState().load();
          emitAdminActivationEvent({ type: 'resync' });
          memberSupportEvents.emit({ type: 'resync' });
          inboxSupportEvents.emit({ type: 'resync' });
          applicationEvents.emit({ type: 'resync' });
          communityEvents.emit({ type: 'resync' });
          botTradeEvents.emit({ type: 'resync' });
          // A price stream's first join already waits for this connection (joinStream): only a
          // reconnect must join again.
          if (connectedBefore) streamEvents.emit({ type: 'resync' });
          connectedBefore = true;
        });
        s.on('disconnect', (reason) => {
          transition({ type: 'disconnected' });
          // The server drops a socket only when its session ended (logout elsewhere, password reset); the
          // client will not reconnect by itself, so confirm with /auth/me and send the member to login.
          if (reason === 'io server disconnect') {
            // A 401 ends the session (api/client.ts), which sends the member to login.
            void api.auth.me();
          }
        });
        s.on('connect_error', () => transition({ type: 'connect-failed' }));
        s.on('snapshot', (snapshot) => store().applySnapshot(snapshot));
        s.on('signal:new', (signal) => store().applySignal(signal));
        s.on('signal:update', (signal) => store().applySignal(signal));
        s.on('signal:note', (note) => store().applyNote(note));
        s.on('stats:update', (stats) => store().applyStats(stats));
        s.on('countdown:tick', (countdown) => store().applyCountdown(countdown));
        s.on('account:update', (next) => store().applyAccount(next));
        s.on('activation:update', (activation) => useActivationStore.getState().apply(activation));
        s.on('activation:new', ({ proof, replacesId }) => emitAdminActivationEvent({ type: 'new', proof, replacesId }));
        s.on('activation:reviewed', (proof) => emitAdminActivationEvent({ type: 'reviewed', proof }));
        s.on('support:update', ({ ticket, message }) => memberSupportEvents.emit({ type: 'update', ticket, message }));
        s.on('support:inbox', (event) => inboxSupportEvents.emit({ type: 'inbox', ...event }));
        s.on('bot-access:update', (event) => applicationEvents.emit({ type: 'application', ...event }));
        s.on('community:post', (post) => communityEvents.emit({ type: 'post', post }));
        s.on('community:remove', ({ postId }) => communityEvents.emit({ type: 'remove', postId }));
        s.on('bot:trade', (trade) => botTradeEvents.emit({ type: 'trade', trade }));
        s.on('notification:new', (notification) => useNotificationsStore.getState().receive(notification));
        s.on('notification:update', (notification) => useNotificationsStore.getState().update(notification));
        s.on('notification:read', ({ ids }) => useNotificationsStore.getState().readElsewhere(ids));
        s.on('stream:price', (price) => streamEvents.emit({ type: 'price', price }));
        s.on('stream:stopped', ({ asset }) => streamEvents.emit({ type: 'stopped', asset }));
      } catch {
        // The socket chunk could not load (offline, new deploy): polling keeps the room alive.
        if (mine === generation) transition({ type: 'connect-failed' });
      }
    }

    /** After access changed: poll if the socket is down, or ask the socket for a fresh snapshot. */
    function accessChanged() {
      syncPolling();
      if (socket?.connected && store().access) {
        socket.emit('snapshot:request', (snapshot) => store().applySnapshot(snapshot));
      }
    }

    function close() {
      generation += 1;
      stopPolling();
      socket?.removeAllListeners();
      socket?.disconnect();
      socket = null;
      store().transition({ type: 'stop' });
      store().clearSignals();
    }

    // Bumped by each join and leave: a join still waiting for the socket when another asset is chosen
    // (or the page left) is dropped, so it can never move the socket back to the old asset's room.
    let streamRequest = 0;

    /**
     * Joining waits for the socket: a page opened before it connects (its effect runs before the
     * provider's starts the connection) joins as soon as it does, or gives up after a while.
     */
    function joinStream(asset: string): Promise<StreamJoinAnswer> {
      const giveUpAt = Date.now() + STREAM_JOIN_WAIT_MS;
      streamRequest += 1;
      const mine = streamRequest;
      return new Promise((resolve) => {
        const attempt = () => {
          if (mine !== streamRequest) resolve({ ok: false, message: 'Another asset was chosen.' });
          else if (socket?.connected) socket.emit('stream:join', asset, resolve);
          else if (Date.now() > giveUpAt) {
            resolve({ ok: false, message: 'The live connection is not available. Reload the page to try again.' });
          } else setTimeout(attempt, 250);
        };
        attempt();
      });
    }

    function leaveStream() {
      streamRequest += 1;
      socket?.emit('stream:leave');
    }

    return { open, close, pollOnce, accessChanged, joinStream, leaveStream };
  })();

  function readLiveState(): LiveSignalsState {
    return store.getState();
  }

  let trialEndTimer: ReturnType<typeof setTimeout> | null = null;

  /**
   * Signal access follows the session user, whichever path changed it (push, /auth/me, a dashboard code),
   * and the clock: a trial ends at `trialEndsAt`, when the delayed view empties at once (the server stops
   * serving it at the same moment).
   */
  function syncAccess(user: TUser | null, now = new Date()) {
    if (trialEndTimer) clearTimeout(trialEndTimer);
    trialEndTimer = null;
    const mode = signalAccessMode(user, now);
    if (mode === 'delayed' && user?.trialEndsAt) {
      const wait = Math.min(2_147_483_647, Math.max(0, Date.parse(user.trialEndsAt) - now.getTime()));
      trialEndTimer = setTimeout(() => syncAccess(useSessionStore.getState().user), wait);
    }
    const live = store.getState();
    if (mode === live.mode) return;
    // Losing access empties the room at once; gaining it (or another view of it) starts a fresh load.
    if (mode === 'none') store.setState({ mode, access: false, ...initialData });
    else store.setState({ mode, access: true, ...initialData, loadStatus: 'loading' });
    connection.accessChanged();
  }

  return store;
}
