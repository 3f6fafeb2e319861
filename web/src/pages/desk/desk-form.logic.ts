import type { Direction } from '@signalroom/shared';
import { DeskMessages, type TDeskPublishRequest } from '@signalroom/shared';

/** The desk form as typed (text boxes hold strings). */
export interface DeskFormValues {
  asset: string;
  direction: Direction;
  windowMs: string;
  confidence: string;
  stopLoss: string;
  takeProfit: string;
  analysis: string;
}

export type DeskFormErrors = Partial<Record<keyof DeskFormValues, string>>;

function optionalPrice(text: string): number | null | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) && value > 0 ? value : 'invalid';
}

/**
 * Checks the form with the desk's own words (the server checks everything again, the feed's
 * instruments and market hours included) and builds the request.
 */
export function parseDeskForm(
  values: DeskFormValues,
  idempotencyKey: string,
): { ok: true; request: TDeskPublishRequest } | { ok: false; errors: DeskFormErrors } {
  const errors: DeskFormErrors = {};
  if (!values.asset) errors.asset = DeskMessages.instrumentRequired;
  const confidence = Number(values.confidence.trim());
  if (values.confidence.trim() === '' || !Number.isInteger(confidence) || confidence < 1 || confidence > 100) {
    errors.confidence = DeskMessages.confidenceRange;
  }
  const stopLoss = optionalPrice(values.stopLoss);
  if (stopLoss === 'invalid') errors.stopLoss = DeskMessages.priceInvalid;
  const takeProfit = optionalPrice(values.takeProfit);
  if (takeProfit === 'invalid') errors.takeProfit = DeskMessages.priceInvalid;
  if (values.analysis.trim() === '') errors.analysis = DeskMessages.analysisRequired;
  if (Object.keys(errors).length > 0 || stopLoss === 'invalid' || takeProfit === 'invalid')
    return { ok: false, errors };
  return {
    ok: true,
    request: {
      asset: values.asset,
      direction: values.direction,
      windowMs: Number(values.windowMs),
      confidence,
      stopLoss,
      takeProfit,
      analysis: values.analysis.trim(),
      idempotencyKey,
    },
  };
}
