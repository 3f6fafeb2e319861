import { NotebookPen } from 'lucide-react';
import pageStyles from '../dashboard/dashboard-page.module.css';
import panelStyles from '../ui/panel.module.css';
import { SectionLoadState } from '../ui/section-load-state.js';
import { JournalEntriesTable } from './journal-entries-table.js';
import { JournalFigures } from './journal-figures.js';
import { TradeImport } from './trade-import.js';
import { useJournal } from './use-journal.js';

/**
 * The Command Center's "Your trades": the member's own figures from their journal (beside the record on
 * the same signals), the latest entries, and the import of a broker's trade history. The figures are
 * read again after each import.
 */
export function YourTradesPanel() {
  const { journal, loadState, load, message } = useJournal();
  return (
    <section className={panelStyles.panel} aria-labelledby="your-trades-title" data-testid="your-trades-panel">
      <h2 id="your-trades-title">
        <NotebookPen aria-hidden="true" size={20} /> Your trades
      </h2>
      {journal ? (
        <>
          <JournalFigures figures={journal.figures} recordWithheld={journal.recordWithheld} />
          {message ? <p className={pageStyles.muted}>Not refreshed: {message}</p> : null}
          <JournalEntriesTable entries={journal.entries} total={journal.total} />
        </>
      ) : (
        <SectionLoadState state={loadState} what="your trades" onRetry={() => void load()} />
      )}
      <TradeImport />
    </section>
  );
}
