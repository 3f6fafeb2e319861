import type {
  TJournal,
  TJournalEntry,
  TJournalEntryRequest,
  TJournalImportRequest,
  TJournalImportResult,
} from '@signalroom/shared';
import { create } from 'zustand';
import * as api from '../api/api.js';
import type { ApiOutcome } from '../api/client.js';
import { useSessionStore } from './session.store.js';

type Phase = 'idle' | 'loading' | 'ready' | 'error';

interface JournalState {
  /** The member's figures and latest entries, as the server counted them; null before the first answer. */
  journal: TJournal | null;
  phase: Phase;
  /** Why the last read failed. */
  message: string | null;
  /**
   * Reads it again. A read under way is shared, unless `fresh`: after a write the figures must come from
   * a read that started after it.
   */
  load(options?: { fresh?: boolean }): Promise<void>;
  save(signalId: string, entry: TJournalEntryRequest): Promise<ApiOutcome<TJournalEntry>>;
  remove(signalId: string): Promise<ApiOutcome<null>>;
  importTrades(request: TJournalImportRequest): Promise<ApiOutcome<TJournalImportResult>>;
  /** Forgets it (logout): the next member starts from nothing. */
  reset(): void;
}

/**
 * The journal with one signal's entry in its place, put first (a new one) or taken out (`null`), until
 * the read that follows the write brings the server's own list.
 */
function withEntry(journal: TJournal, signalId: string, entry: TJournalEntry | null): TJournal {
  const had = journal.entries.some((e) => e.signalId === signalId);
  const others = journal.entries.filter((e) => e.signalId !== signalId);
  if (!entry) return { ...journal, entries: others, total: journal.total - (had ? 1 : 0) };
  const entries = had ? journal.entries.map((e) => (e.signalId === signalId ? entry : e)) : [entry, ...others];
  return { ...journal, entries, total: journal.total + (had ? 0 : 1) };
}

/**
 * The member's journal, read once for every place that shows it (the room's badges, the Command
 * Center's figures). The figures are the server's: after each write the store reads them again rather
 * than counting them here, so the page and the API never disagree.
 */
export const useJournalStore = create<JournalState>((set, get) => {
  let pending: Promise<void> | null = null;
  /** Only the newest read's answer is kept (a fresh read may overtake an older one). */
  let latestRead = 0;
  const afterWrite = (signalId: string, entry: TJournalEntry | null) => {
    const { journal } = get();
    if (journal) set({ journal: withEntry(journal, signalId, entry) });
    void get().load({ fresh: true });
  };
  return {
    journal: null,
    phase: 'idle',
    message: null,
    load({ fresh = false } = {}) {
      if (pending && !fresh) return pending;
      if (get().journal === null) set({ phase: 'loading', message: null });
      const read = ++latestRead;
      const request = api.journal
        .journal()
        .then((answer) => {
          if (read !== latestRead) return;
          if (answer.ok) set({ journal: answer.data, phase: 'ready', message: null });
          // A failed refresh keeps the last answer on screen and says why beside it.
          else set({ phase: get().journal ? 'ready' : 'error', message: answer.message });
        })
        .finally(() => {
          if (pending === request) pending = null;
        });
      pending = request;
      return request;
    },
    async save(signalId, entry) {
      const answer = await api.journal.saveEntry({ params: { id: signalId }, body: entry });
      if (answer.ok) afterWrite(signalId, answer.data);
      return answer;
    },
    async remove(signalId) {
      const answer = await api.journal.removeEntry({ params: { id: signalId } });
      if (answer.ok) afterWrite(signalId, null);
      return answer;
    },
    async importTrades(request) {
      const answer = await api.journal.importTrades({ body: request });
      if (answer.ok && !request.dryRun) void get().load({ fresh: true });
      return answer;
    },
    reset() {
      latestRead += 1;
      pending = null;
      set({ journal: null, phase: 'idle', message: null });
    },
  };
});

// Another member (or none) signed in: their journal is not this one.
useSessionStore.subscribe((state, previous) => {
  if (state.user?.id !== previous.user?.id) useJournalStore.getState().reset();
});
