import { z } from 'zod';
import { type TBusinessSettings, ZBusinessSettings } from '../business-settings.js';
import { ZInstant } from '../iso-date.js';
import { zFlag, zText } from '../request-fields.js';
import { DEFAULT_LANDING_CONTENT, type OfferContent, type Testimonial } from './landing-content.js';

/**
 * Operator content kept in the database and edited by admins: the landing page's reviews and offer
 * text, the success page's support contacts and links, and the business's settings (Settings screen).
 * Until an operator saves a kind, the shipped samples (landing) or the server configuration stand in.
 */
export const OPERATOR_CONTENT_KINDS = ['reviews', 'offer', 'successLinks', 'business'] as const;
export type OperatorContentKind = (typeof OPERATOR_CONTENT_KINDS)[number];

export const ContentMessages = {
  quoteRequired: 'Write the review text.',
  nameRequired: "Write the reviewer's name.",
  headlineRequired: 'Write the offer headline.',
  includeRequired: 'Write what the offer includes, or remove the empty line.',
  includesRequired: 'List at least one thing the offer includes.',
  tooManyReviews: 'Keep at most 12 reviews.',
  tooManyIncludes: 'Keep at most 8 lines.',
  sampleFlag: 'Say whether the review is a sample (true or false).',
  httpsUrl: 'Enter a full link starting with https://.',
  handle: 'Enter the handle as @name (letters, digits and underscores).',
  saved: 'Content saved',
  savedElsewhere: 'Another admin saved this content at the same time. Reload and try again.',
} as const;

export const CONTENT_LIMITS = { reviews: 12, quote: 600, name: 80, role: 120, headline: 140, includes: 8, line: 160 };

/** Text that must hold something besides spaces. */
function zFilled(max: number, required: string) {
  return zText({ max, required }).refine((v) => v.trim().length > 0, required);
}

export const ZReview = z
  .object({
    quote: zText({ max: CONTENT_LIMITS.quote, required: ContentMessages.quoteRequired, kind: 'multi-line' }).refine(
      (v) => v.trim().length > 0,
      ContentMessages.quoteRequired,
    ),
    name: zFilled(CONTENT_LIMITS.name, ContentMessages.nameRequired),
    role: zText({ max: CONTENT_LIMITS.role }).default(''),
    sample: zFlag(ContentMessages.sampleFlag),
  })
  .strict() satisfies z.ZodType<Testimonial, unknown>;

export const ZReviewsContent = z
  .object({ items: z.array(ZReview).max(CONTENT_LIMITS.reviews, ContentMessages.tooManyReviews) })
  .strict();
export type TReviewsContent = z.infer<typeof ZReviewsContent>;

export const ZOfferContent = z
  .object({
    headline: zFilled(CONTENT_LIMITS.headline, ContentMessages.headlineRequired),
    includes: z
      .array(zFilled(CONTENT_LIMITS.line, ContentMessages.includeRequired))
      .min(1, ContentMessages.includesRequired)
      .max(CONTENT_LIMITS.includes, ContentMessages.tooManyIncludes),
    sample: zFlag(ContentMessages.sampleFlag),
  })
  .strict() satisfies z.ZodType<OfferContent, unknown>;
export type TOfferContent = z.infer<typeof ZOfferContent>;

const zHttpsUrl = zText({ max: 500, required: ContentMessages.httpsUrl }).refine((value) => {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}, ContentMessages.httpsUrl);

/** The success page's contacts and links: support chat, broker registration and the bootcamp site. */
export const ZSuccessLinksContent = z
  .object({
    supportHandle: zText({ max: 64, required: ContentMessages.handle }).regex(/^@\w{2,62}$/, ContentMessages.handle),
    supportChatUrl: zHttpsUrl,
    brokerRegistrationUrl: zHttpsUrl,
    bootcampUrl: zHttpsUrl,
  })
  .strict();
export type TSuccessLinksContent = z.infer<typeof ZSuccessLinksContent>;

export interface OperatorContentValues {
  reviews: TReviewsContent;
  offer: TOfferContent;
  successLinks: TSuccessLinksContent;
  business: TBusinessSettings;
}

/** The schema each kind is saved with. */
export const OPERATOR_CONTENT_SCHEMAS = {
  reviews: ZReviewsContent,
  offer: ZOfferContent,
  successLinks: ZSuccessLinksContent,
  business: ZBusinessSettings,
} as const;

/** What the landing page shows: saved content, or the shipped samples (labelled as samples). */
export const ZLandingContent = z.object({ reviews: z.array(ZReview), offer: ZOfferContent });
export type TLandingContent = z.infer<typeof ZLandingContent>;

// The defaults must read as the schema's type: the landing page shows them when nothing is saved.
DEFAULT_LANDING_CONTENT satisfies TLandingContent;

/**
 * What the public sees of the saved content (the one rule, for the landing page's answer and the admins'
 * set-up list): the reviews not flagged as samples (none before any is saved), and the saved offer text
 * unless it is flagged as a draft (else the default). A sample-flagged item never reaches the public.
 */
export function publishedLandingContent(saved: {
  reviews: TReviewsContent | null;
  offer: TOfferContent | null;
}): TLandingContent {
  return {
    reviews: saved.reviews ? saved.reviews.items.filter((item) => !item.sample) : DEFAULT_LANDING_CONTENT.reviews,
    offer: saved.offer && !saved.offer.sample ? saved.offer : DEFAULT_LANDING_CONTENT.offer,
  };
}

/** One kind as admins see it: the value in force, its version (0: never saved) and when it was saved. */
function zEntry<T extends z.ZodType>(value: T) {
  return z.object({
    value: value.nullable(),
    version: z.number().int().nonnegative(),
    savedAt: ZInstant.nullable(),
    savedBy: z.string().nullable(),
  });
}

export const ZAdminContent = z.object({
  reviews: zEntry(ZReviewsContent),
  offer: zEntry(ZOfferContent),
  successLinks: zEntry(ZSuccessLinksContent),
});
export type TAdminContent = z.infer<typeof ZAdminContent>;
