import { EvidenceWords, TIER_MIN_DEPOSIT_USD, winRateHeadline } from '@signalroom/shared';
import { clsx } from 'clsx';
import { BarChart3, Bot, CheckCircle2, Clock, LineChart, ShieldCheck, Wallet } from 'lucide-react';
import { lazy, Suspense, useEffect } from 'react';
import { PublicNav } from '../../components/public/public-nav.js';
import publicStyles from '../../components/public/public-page.module.css';
import buttonStyles from '../../components/ui/button.module.css';
import panelStyles from '../../components/ui/panel.module.css';
import { useOfferCountdown } from '../../stores/offer-countdown.store.js';
import { usePublicConfigStore, useTierLimits } from '../../stores/public-config.store.js';
import styles from './landing.module.css';
import { OfferCountdown } from './offer-countdown.js';
import { StatsStrip } from './stats-strip.js';
import { Testimonials } from './testimonials.js';
import { useLandingContent } from './use-landing-content.js';
import { usePublicStats } from './use-public-stats.js';

// Below the fold, and drawn only once the payout and the record have arrived: its code loads then, off
// the landing page's first script.
const RiskCalculator = lazy(() => import('./risk-calculator.js').then((m) => ({ default: m.RiskCalculator })));
const calculatorWaiting = (
  <p className={publicStyles.muted} role="status" data-testid="calculator-waiting">
    The calculator uses this product's payout and its record: loading them...
  </p>
);

const fmt = new Intl.NumberFormat('en-US');

/**
 * The landing page: every figure from the server, reviews and offer text the operator's. It is its own document
 * (landing.html, prerendered at build and hydrated by landing-main.tsx), so it carries no router: its
 * links are plain document links. The app's router shows it too, for a navigation to / inside the app.
 */
export function LandingPage() {
  const { state, retry } = usePublicStats();
  const config = usePublicConfigStore((s) => s.config);
  const load = usePublicConfigStore((s) => s.load);
  useEffect(() => {
    void load();
  }, [load]);
  const product = config?.productName ?? 'Signalroom';
  const limits = useTierLimits();
  const stats = state.status === 'ready' ? state.data : null;
  const content = useLandingContent();
  const offer = content?.offer ?? null;
  const reviews = content?.reviews ?? [];
  const offerEnded = useOfferCountdown().ended;

  return (
    <div className={publicStyles.pub}>
      <PublicNav withReviews={reviews.length > 0} />
      <main>
        <section id="hero" className={clsx(styles.hero, styles.section)} aria-labelledby="hero-title">
          <div className={clsx(publicStyles.container, styles.heroGrid)}>
            <div>
              <span className={publicStyles.eyebrow}>
                <Clock size={14} aria-hidden="true" /> Launch offer – free access
              </span>
              <h1 id="hero-title">
                Signals every 5 minutes from a published model,{' '}
                <span className={styles.accent}>with a record you can check.</span>
              </h1>
              <p className={styles.heroLead}>
                {product} issues a signal every five minutes from a momentum model whose{' '}
                <a href="/strategy">rules are published</a>, with a written martingale plan, and resolves each one
                against the market at expiry. Wins and losses stay on the record.
              </p>
              <div className={styles.heroCtas}>
                <a href="/signup" className={clsx(buttonStyles.btn, buttonStyles.btnPrimary, buttonStyles.btnLg)}>
                  Claim Free Access
                </a>
                <a href="/bot-access" className={clsx(buttonStyles.btn, buttonStyles.btnLg)}>
                  <Bot size={18} aria-hidden="true" /> Apply for the AI Bot
                </a>
              </div>
              <ul className={styles.heroPoints}>
                <li>
                  <CheckCircle2 size={16} aria-hidden="true" /> No subscriptions
                </li>
                <li>
                  <CheckCircle2 size={16} aria-hidden="true" /> Funds stay in your own broker account
                </li>
                <li>
                  <CheckCircle2 size={16} aria-hidden="true" /> Your tier follows your trading capital
                </li>
              </ul>
            </div>
            <aside className={styles.offerCard} aria-labelledby="offer-title">
              {offerEnded ? (
                <span className={clsx(publicStyles.badge, publicStyles.badgeDanger)}>Offer ended</span>
              ) : (
                <span className={clsx(publicStyles.badge, publicStyles.badgeLive)}>
                  <span className={publicStyles.dot} aria-hidden="true" /> Offer ends in
                </span>
              )}
              <h2 id="offer-title">{offer ? offer.headline : 'Launch offer'}</h2>
              <OfferCountdown />
              <ul className={publicStyles.checkList} aria-busy={offer === null}>
                {offer?.includes.map((line, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: operator lines may repeat; the position is the identity
                  <li key={i}>
                    <CheckCircle2 size={16} aria-hidden="true" /> {line}
                  </li>
                ))}
              </ul>
              <div className={styles.liveRow} aria-live="polite">
                <div data-testid="hero-win-first-window">
                  <div className={styles.statLabel}>Won in first window</div>
                  {/* Never a bare rate: the count and the interval come with it, and its break-even. */}
                  <strong className={clsx(styles.statValue, styles.text)} data-testid="hero-win-headline">
                    {stats
                      ? (winRateHeadline(stats.evidence.firstWindow, 'won in the first window') ?? 'None resolved yet')
                      : '–'}
                  </strong>
                  {stats && stats.resolvedSignals > 0 ? (
                    <div className={styles.statLabel} data-testid="hero-break-even">
                      Break-even at a payout of {stats.evidence.payoutPercent}%: {stats.evidence.firstWindow.breakEven}%
                      {stats.evidence.firstWindow.verdict === 'not_distinguishable'
                        ? ` (${EvidenceWords.not_distinguishable})`
                        : ''}
                    </div>
                  ) : null}
                </div>
                <div>
                  <div className={styles.statLabel}>Signals issued</div>
                  <strong className={clsx(styles.statValue, styles.heroStatValue)}>
                    {stats ? fmt.format(stats.signalsIssued) : '–'}
                  </strong>
                </div>
              </div>
            </aside>
          </div>
        </section>

        <StatsStrip state={state} retry={retry} />

        <section id="features" className={styles.section} aria-labelledby="features-title">
          <div className={publicStyles.container}>
            <div className={styles.sectionHead}>
              <span className={publicStyles.eyebrow}>Features</span>
              <h2 id="features-title">Built for traders who want to see the evidence</h2>
              <p>Three things the Command Center does, and does in the open.</p>
            </div>
            <div className={publicStyles.grid3}>
              <article className={panelStyles.card}>
                <span className={styles.iconTile}>
                  <LineChart size={22} aria-hidden="true" />
                </span>
                <h3>A signal every 5 minutes</h3>
                <p>
                  Each signal names the asset, the direction (CALL or PUT), the entry and a martingale plan of up to
                  three follow-up levels, five minutes apart.
                </p>
              </article>
              <article className={panelStyles.card}>
                <span className={styles.iconTile}>
                  <BarChart3 size={22} aria-hidden="true" />
                </span>
                <h3>An honest performance record</h3>
                <p>
                  Every signal is resolved against the same price feed at expiry. Win rate and totals are computed from
                  resolved signals only – never typed in.
                </p>
              </article>
              <article className={panelStyles.card}>
                <span className={styles.iconTile}>
                  <Wallet size={22} aria-hidden="true" />
                </span>
                <h3>Your money, your broker</h3>
                <p>
                  No subscription fees. You fund a trading account in your own name with our partner broker, and your
                  tier follows that trading capital.
                </p>
              </article>
            </div>
          </div>
        </section>

        <section id="about" className={styles.section} aria-labelledby="about-title">
          <div className={publicStyles.container}>
            <div className={styles.sectionHead}>
              <span className={publicStyles.eyebrow}>About</span>
              <h2 id="about-title">How access works</h2>
              <p>Sign up, fund your own trading account, and a person on our team unlocks your tier.</p>
            </div>
            <div className={clsx(publicStyles.grid3, styles.stepsRow)}>
              <ol className={clsx(styles.steps, panelStyles.card, styles.fullRow)}>
                <li>
                  <h3>Create your account</h3>
                  <p className={publicStyles.muted}>Sign up and confirm your e-mail with the code we send you.</p>
                </li>
                <li>
                  <h3>Fund a trading account</h3>
                  <p className={publicStyles.muted}>
                    Open an account with the partner broker and fund it. The money stays in your own account.
                  </p>
                </li>
                <li>
                  <h3>Send proof to support</h3>
                  <p className={publicStyles.muted}>
                    Message support{config?.contactsConfigured.supportChat ? ` (${config.supportHandle})` : ''} with
                    your proof of deposit. An admin checks it and unlocks your dashboard.
                  </p>
                </li>
              </ol>
            </div>
            <div className={styles.sectionHead}>
              <span className={publicStyles.eyebrow}>Risk calculator</span>
              <h3 className={styles.calculatorTitle}>Size your risk before you trade</h3>
              <p>See what your own numbers mean over a month of 20 trades.</p>
            </div>
            {stats ? (
              <Suspense fallback={calculatorWaiting}>
                <RiskCalculator payoutPercent={stats.evidence.payoutPercent} record={stats.evidence.firstWindow} />
              </Suspense>
            ) : (
              calculatorWaiting
            )}
          </div>
        </section>

        <section id="pricing" className={styles.section} aria-labelledby="pricing-title">
          <div className={publicStyles.container}>
            <div className={styles.sectionHead}>
              <span className={publicStyles.eyebrow}>Pricing</span>
              <h2 id="pricing-title">No subscriptions. Your tier follows your capital.</h2>
              <p>Deposits go to your own broker account, not to us.</p>
            </div>
            <div className={publicStyles.grid3}>
              {[
                {
                  name: 'Silver Node',
                  min: TIER_MIN_DEPOSIT_USD.silver,
                  lines: [`${limits.silver} full signals a day`, 'Live signal room', 'Performance record'],
                },
                {
                  name: 'Pro Node',
                  min: TIER_MIN_DEPOSIT_USD.pro,
                  lines: [`${limits.pro} full signals a day`, 'Everything in Silver', 'Auto-copy when it launches'],
                },
                {
                  name: 'Gold Node',
                  min: TIER_MIN_DEPOSIT_USD.gold,
                  lines: ['Unlimited signals', 'Gold room and platinum stream', 'AI bot access'],
                  featured: true,
                },
              ].map((tier) => (
                <article
                  key={tier.name}
                  className={
                    tier.featured
                      ? clsx(panelStyles.card, styles.tierCard, styles.featured)
                      : clsx(panelStyles.card, styles.tierCard)
                  }
                >
                  <h3 className={styles.tierName}>{tier.name}</h3>
                  <p className={styles.tierPrice}>
                    ${tier.min}+ <small>trading capital</small>
                  </p>
                  <ul className={publicStyles.checkList}>
                    {tier.lines.map((line) => (
                      <li key={line}>
                        <CheckCircle2 size={16} aria-hidden="true" /> {line}
                      </li>
                    ))}
                  </ul>
                </article>
              ))}
            </div>
          </div>
        </section>

        {/* Reviews are the operator's own: with none published the section (and its link) is left out. */}
        {reviews.length > 0 ? (
          <section id="testimonials" className={styles.section} aria-labelledby="testimonials-title">
            <div className={publicStyles.container}>
              <div className={styles.sectionHead}>
                <span className={publicStyles.eyebrow}>Reviews</span>
                <h2 id="testimonials-title">What members say</h2>
              </div>
              <Testimonials items={reviews} />
            </div>
          </section>
        ) : null}

        <section className={styles.section} aria-labelledby="cta-title">
          <div className={publicStyles.container}>
            <div className={styles.finalCta}>
              <ShieldCheck size={32} aria-hidden="true" className={styles.ctaMark} />
              <h2 id="cta-title">Free access ends when the timer does</h2>
              <p className={publicStyles.muted}>Create your account now; you can fund and activate it afterwards.</p>
              <OfferCountdown />
              <a href="/signup" className={clsx(buttonStyles.btn, buttonStyles.btnPrimary, buttonStyles.btnLg)}>
                Claim Free Access
              </a>
            </div>
          </div>
        </section>
      </main>
      <footer className={styles.pubFooter}>
        <div className={clsx(publicStyles.container, styles.pubFooterInner)}>
          <p className={styles.footerNote}>
            Trading is risky. Only trade with funds you can afford to lose. Signals are not financial advice and past
            results do not guarantee future results.
          </p>
          <nav aria-label="Footer">
            <a href="/login">Login</a>
            <a href="/signup">Sign Up</a>
            <a href="/bot-access">AI Bot Access</a>
          </nav>
        </div>
      </footer>
    </div>
  );
}

/** The app router's lazy route takes the page by this name. */
export { LandingPage as Component };
