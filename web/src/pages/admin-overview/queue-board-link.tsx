import { clsx } from 'clsx';
import { ExternalLink, Loader2 } from 'lucide-react';
import { useState } from 'react';
import * as api from '../../api/api.js';
import { shownMessage } from '../../api/client.js';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import buttonStyles from '../../components/ui/button.module.css';
import textStyles from '../../components/ui/text.module.css';

const UNREACHABLE = 'The server could not be reached to open the queue board. Try again.';

/**
 * Opens the queue board (Bull Board, /admin/queues) in this tab with a pass the server issues to this
 * session for 10 minutes; the session's own token never goes into the board's address or cookie.
 */
export function QueueBoardLink() {
  const [state, setState] = useState<{ kind: 'idle' | 'opening' } | { kind: 'failed'; text: string }>({
    kind: 'idle',
  });

  async function open() {
    setState({ kind: 'opening' });
    const answer = await api.platform.queueBoardPass();
    if (answer.ok) window.location.assign(answer.data.url);
    else setState({ kind: 'failed', text: shownMessage(answer, UNREACHABLE) });
  }

  return (
    <div>
      <button
        type="button"
        className={buttonStyles.btn}
        onClick={() => void open()}
        disabled={state.kind === 'opening'}
        data-testid="open-queue-board"
      >
        {state.kind === 'opening' ? (
          <Loader2 aria-hidden="true" size={18} className={textStyles.spin} />
        ) : (
          <ExternalLink aria-hidden="true" size={18} />
        )}{' '}
        Open the queue board
      </button>
      <p className={clsx(pageStyles.muted, pageStyles.small)}>
        The board's sign-in lasts 10 minutes; open it again from here after.
      </p>
      {state.kind === 'failed' && (
        <p className={pageStyles.small} role="alert">
          {state.text}
        </p>
      )}
    </div>
  );
}
