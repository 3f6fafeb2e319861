/**
 * Operator content of the landing page that is not a platform record (docs/decisions.md, "Honest by
 * construction": offer value and testimonials are operator content). Reviews come only from the operator:
 * the shipped ones are examples an admin starts editing from, flagged `sample`, and the public never sees
 * an item flagged so. The offer's default text states what the product does, so it stands until the
 * operator saves their own. Nothing here is a performance figure.
 */

export interface Testimonial {
  quote: string;
  name: string;
  role: string;
  /** True for an example or draft: kept for the admin's editor, never shown to the public. */
  sample: boolean;
}

/** Example reviews the admin's editor starts from before any is saved. */
export const SAMPLE_TESTIMONIALS: readonly Testimonial[] = [
  {
    quote:
      'What I like is that losses are shown next to the wins. The record is there for anyone to check before they trust a signal.',
    name: 'Sample reviewer',
    role: 'Placeholder review – the operator replaces it with a real member review',
    sample: true,
  },
  {
    quote:
      'A signal every five minutes with the martingale plan written out. I set my own risk with the calculator first and stayed inside it.',
    name: 'Sample reviewer',
    role: 'Placeholder review – the operator replaces it with a real member review',
    sample: true,
  },
  {
    quote:
      'My money stays in my own broker account. The tier follows my trading capital, so there was no subscription to cancel.',
    name: 'Sample reviewer',
    role: 'Placeholder review – the operator replaces it with a real member review',
    sample: true,
  },
];

export interface OfferContent {
  headline: string;
  /** What the free access includes, in the operator's words. */
  includes: readonly string[];
  sample: boolean;
}

/** The offer text before the operator saves their own: what the free access includes, as the product does it. */
export const DEFAULT_OFFER: OfferContent = {
  headline: 'Free launch access to the Command Center',
  includes: [
    'A momentum-model signal every 5 minutes with a martingale plan',
    'Live signal room and performance record',
    'Trading capital stays in your own broker account',
  ],
  sample: false,
};

/**
 * What the landing page shows before an operator saves anything: no review (the section is hidden) and
 * the default offer text. Kept here, apart from the editors' schemas, so the landing page loads no
 * validation code.
 */
export const DEFAULT_LANDING_CONTENT: {
  reviews: Testimonial[];
  offer: { headline: string; includes: string[]; sample: boolean };
} = {
  reviews: [],
  offer: { ...DEFAULT_OFFER, includes: [...DEFAULT_OFFER.includes] },
};
