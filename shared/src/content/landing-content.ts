/**
 * Operator content of the landing page that is not a platform record (docs/decisions.md, "Honest by
 * construction": offer value and testimonials are operator content). What ships here is SAMPLE content for local runs: every entry
 * carries `sample: true` and the page labels it as a sample. It holds no performance figure.
 */

export interface Testimonial {
  quote: string;
  name: string;
  role: string;
  /** True for shipped placeholder content: the page shows a "Sample review" label. */
  sample: boolean;
}

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
  /** What the free access includes, in the operator's words; no price claims in the sample. */
  includes: readonly string[];
  sample: boolean;
}

export const SAMPLE_OFFER: OfferContent = {
  headline: 'Free launch access to the Command Center',
  includes: [
    'A momentum-model signal every 5 minutes with a martingale plan',
    'Live signal room and performance record',
    'Trading capital stays in your own broker account',
  ],
  sample: true,
};

/**
 * What the landing page shows before an operator saves anything: the shipped samples, labelled as such.
 * Kept here, beside them and apart from the editors' schemas, so the landing page loads no validation code.
 */
export const SAMPLE_LANDING_CONTENT: {
  reviews: Testimonial[];
  offer: { headline: string; includes: string[]; sample: boolean };
} = {
  reviews: SAMPLE_TESTIMONIALS.map((t) => ({ ...t })),
  offer: { ...SAMPLE_OFFER, includes: [...SAMPLE_OFFER.includes] },
};
