import { hasSignalAccess, pagePath } from '@signalroom/shared';
import { clsx } from 'clsx';
import { BookOpen, KeyRound, Plug, Webhook } from 'lucide-react';
import Markdown from 'react-markdown';
import { Link } from 'react-router-dom';
import remarkGfm from 'remark-gfm';
// The guide of docs/, which carries the example programs the integration tests run: the page and the
// repository show one text, so a member copies exactly what was tested.
import guide from '../../../../docs/connect-your-tools.md?raw';
import { ContentLock } from '../../components/dashboard/content-lock.js';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import buttonStyles from '../../components/ui/button.module.css';
import { useSessionStore } from '../../stores/session.store.js';
import styles from './connect-tools.module.css';
import { GuideCodeBlock, GuideLink } from './guide-elements.js';

/** The guide's examples name a placeholder server; on the page they name this one. */
function forThisServer(text: string): string {
  const origin = window.location.origin;
  return text
    .replaceAll('wss://signals.example.com', origin.replace(/^http/, 'ws'))
    .replaceAll('https://signals.example.com', origin);
}

// The title and lead, then the buttons to the member's keys and webhooks, then the numbered steps.
const firstStep = guide.indexOf('\n## ');
const intro = forThisServer(guide.slice(0, firstStep));
const steps = forThisServer(guide.slice(firstStep));

function GuideText({ text }: { text: string }) {
  return (
    <Markdown remarkPlugins={[remarkGfm]} components={{ pre: GuideCodeBlock, a: GuideLink }}>
      {text}
    </Markdown>
  );
}

/**
 * Connect your tools (/dashboard/connect, members with live access): how a member's own programs read
 * signals with an API key (stream or polling) or receive them as signed webhooks.
 */
export function Component() {
  const user = useSessionStore((s) => s.user);
  if (!user) return null;
  // The server refuses keys, the stream and webhooks to members without live access (403): no guide either.
  if (!hasSignalAccess(user)) {
    return (
      <ContentLock
        icon={Plug}
        title="Connect your tools"
        message="Your own tools can read signals once your account is active: fund your broker account and send the proof in Account Setup."
        testId="connect-tools-locked"
      />
    );
  }
  return (
    <div className={clsx(pageStyles.page, styles.page)} data-testid="connect-tools-page">
      <article className={styles.guide}>
        <GuideText text={intro} />
        <nav className={styles.actions} aria-label="Set up">
          <Link className={buttonStyles.btn} to={`${pagePath('settings')}#settings-api-keys`}>
            <KeyRound aria-hidden="true" size={18} />
            Your API keys
          </Link>
          <Link className={buttonStyles.btn} to={`${pagePath('settings')}#settings-webhooks`}>
            <Webhook aria-hidden="true" size={18} />
            Your webhooks
          </Link>
          <a className={buttonStyles.btn} href="/api/docs">
            <BookOpen aria-hidden="true" size={18} />
            API reference
          </a>
        </nav>
        <GuideText text={steps} />
      </article>
    </div>
  );
}
