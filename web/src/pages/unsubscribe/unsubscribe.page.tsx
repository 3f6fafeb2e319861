import { DeliveryMessages, isWellFormedUnsubscribeToken } from '@signalroom/shared';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import * as api from '../../api/api.js';
import { shownMessage } from '../../api/client.js';
import { AuthLayout } from '../../components/public/auth-layout.js';
import { FormAlert } from '../../components/public/form-field.js';

type Phase = { kind: 'working' } | { kind: 'done'; text: string } | { kind: 'failed'; text: string };

/** The signal e-mail's unsubscribe link (/unsubscribe?token=): one click turns signal notifications off. */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const [phase, setPhase] = useState<Phase>({ kind: 'working' });

  useEffect(() => {
    // A cut or mistyped link is refused without a request.
    if (!token || !isWellFormedUnsubscribeToken(token)) {
      setPhase({ kind: 'failed', text: DeliveryMessages.unsubscribeInvalid });
      return;
    }
    let cancelled = false;
    void api.delivery.unsubscribe({ query: { token } }).then((answer) => {
      if (cancelled) return;
      if (answer.ok) setPhase({ kind: 'done', text: answer.message });
      else setPhase({ kind: 'failed', text: shownMessage(answer, DeliveryMessages.unsubscribeInvalid) });
    });
    return () => {
      cancelled = true;
    };
  }, [token]);

  return (
    <AuthLayout>
      <h1>Signal e-mails</h1>
      {phase.kind === 'working' && <p role="status">Turning signal notifications off...</p>}
      {phase.kind === 'done' && <FormAlert kind="success">{phase.text}</FormAlert>}
      {phase.kind === 'failed' && <FormAlert kind="error">{phase.text}</FormAlert>}
      <p>
        <Link to="/dashboard/settings">Open Settings</Link>
      </p>
    </AuthLayout>
  );
}
