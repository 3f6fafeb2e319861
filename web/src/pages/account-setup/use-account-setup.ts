import {
  type AccessPath,
  AccountSetupMessages,
  CommonMessages,
  depositAmountToSend,
  type TProfileUpdateRequest,
} from '@signalroom/shared';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import * as api from '../../api/api.js';
import { useSessionStore } from '../../stores/session.store.js';

export type SetupStep = 1 | 2 | 3;

/** A failed save: the wizard still moves on, but tells the member (our deviation). */
export interface SaveNotice {
  title: string;
  detail: string;
}

/**
 * State of the Account Setup wizard: the form (broker account, deposit amount,
 * access path) prefilled from the stored user, the current step and the profile saves between steps.
 */
export function useAccountSetup() {
  const stored = useSessionStore((s) => s.user);
  // 'Submit Proof' buttons link to ?step=3: the proof upload, without walking through the first two steps.
  const [params] = useSearchParams();
  const [step, setStep] = useState<SetupStep>(() => (params.get('step') === '3' ? 3 : 1));
  const [brokerAccount, setBrokerAccount] = useState(() => stored?.brokerAccountId ?? '');
  const [depositAmount, setDepositAmount] = useState(() =>
    stored && stored.depositAmount > 0 ? String(stored.depositAmount) : '',
  );
  const [accessPath, setAccessPath] = useState<AccessPath>(() => stored?.accessPath ?? 'manual');
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<SaveNotice | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  /** Saves, then goes to `next` whatever the outcome: a failed save must not trap the member in the wizard. */
  async function saveThenGo(body: TProfileUpdateRequest, next: SetupStep): Promise<void> {
    if (saving) return;
    setSaving(true);
    setNotice(null);
    // The notice's title already says the details were not saved: its detail is the cause, or the generic one.
    const result = await api.users.updateProfile({ body, fallbackMessage: CommonMessages.internal });
    if (!mounted.current) return;
    setSaving(false);
    if (result.ok) {
      // The answer's user replaces the stored user.
      useSessionStore.getState().setUser(result.data);
    } else if (result.status === 'unauthorized') {
      // A dead session: the client ended it (api/client.ts), which sends the shell to the login page.
      return;
    } else {
      console.warn('Account setup save failed:', result.message);
      setNotice({ title: AccountSetupMessages.saveFailed, detail: result.message });
    }
    setStep(next);
  }

  return {
    step,
    brokerAccount,
    setBrokerAccount,
    depositAmount,
    setDepositAmount,
    accessPath,
    setAccessPath,
    saving,
    notice,
    dismissNotice: () => setNotice(null),
    canContinueAccount: brokerAccount.trim() !== '' && !saving,
    canContinueFunding: depositAmount.trim() !== '' && !saving,
    submitAccount: () => saveThenGo({ brokerAccountId: brokerAccount }, 2),
    submitFunding: () => {
      const amount = depositAmountToSend(depositAmount);
      return saveThenGo(
        { brokerAccountId: brokerAccount, accessPath, ...(amount === undefined ? {} : { depositAmount: amount }) },
        3,
      );
    },
    /** Back goes 3 to 2 and 2 to 1; a save notice stays, so the member can fix what was refused. */
    back: () => setStep((s) => (s === 3 ? 2 : 1)),
  };
}

export type AccountSetup = ReturnType<typeof useAccountSetup>;
