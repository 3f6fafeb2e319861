import { ActivationContract } from './activation.contract.js';
import { AdminContract } from './admin.contract.js';
import { AuthContract } from './auth.contract.js';
import { BotAccessContract } from './bot-access.contract.js';
import type { RouteContract } from './contract.js';
import { CountdownContract } from './countdown.contract.js';
import { PlatformContract } from './platform.contract.js';
import { SignalsContract } from './signals.contract.js';
import { UsersContract } from './users.contract.js';

export * from './activation.contract.js';
export * from './admin.contract.js';
export * from './auth.contract.js';
export * from './bot-access.contract.js';
export * from './contract.js';
export * from './countdown.contract.js';
export * from './platform.contract.js';
export * from './signals.contract.js';
export * from './users.contract.js';

/** Every route of the API, each declared once. */
export const API_ROUTES: readonly RouteContract[] = [
  ...Object.values(PlatformContract),
  ...Object.values(AuthContract),
  ...Object.values(UsersContract),
  ...Object.values(AdminContract),
  ...Object.values(ActivationContract),
  ...Object.values(BotAccessContract),
  ...Object.values(SignalsContract),
  ...Object.values(CountdownContract),
];
