import type { TAdminBusinessSettings } from '@signalroom/shared';
import * as api from '../../api/api.js';
import { useAdminRecord } from '../admin-content/use-admin-content.js';

const readBusinessSettings = () => api.setup.settings();

/** The business settings as saved (product name, contacts, hours, payout, time zone), with their version. */
export function useBusinessSettings() {
  return useAdminRecord<TAdminBusinessSettings>(readBusinessSettings);
}
