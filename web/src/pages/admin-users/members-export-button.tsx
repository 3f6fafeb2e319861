import { Download } from 'lucide-react';
import { useState } from 'react';
import * as api from '../../api/api.js';
import { saveDownload } from '../../api/download.js';
import buttonStyles from '../../components/ui/button.module.css';

/**
 * Downloads the members the current search matches (every member without a search) as CSV. The server
 * writes it row by row, so a large member list does not wait on memory.
 */
export function MembersExportButton({ query, onFailure }: { query: string; onFailure(message: string): void }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className={buttonStyles.btn}
      disabled={busy}
      data-testid="members-export"
      onClick={async () => {
        setBusy(true);
        const search = query.trim();
        const members = api.adminConsole.exportMembers({ query: search ? { query: search } : {} });
        const result = await saveDownload(members, 'members.csv');
        setBusy(false);
        if (!result.ok && result.status !== 'unauthorized') onFailure(result.message);
      }}
    >
      <Download aria-hidden="true" size={16} />{' '}
      {busy ? 'Exporting...' : query ? 'Export matches (CSV)' : 'Export all members (CSV)'}
    </button>
  );
}
