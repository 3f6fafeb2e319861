import { Check, Copy } from 'lucide-react';
import { type ComponentProps, useRef } from 'react';
import type { ExtraProps } from 'react-markdown';
import buttonStyles from '../../components/ui/button.module.css';
import textStyles from '../../components/ui/text.module.css';
import { useCopyText } from '../../components/ui/use-copy-text.js';
import styles from './connect-tools.module.css';

type GuideNode = NonNullable<ExtraProps['node']>;
type GuideContent = GuideNode['children'][number];

/** The text of a Markdown element, as written (a code block's program). */
function textOf(node: GuideNode | GuideContent | undefined): string {
  if (!node) return '';
  if (node.type === 'text') return node.value;
  if (node.type === 'element') return node.children.map(textOf).join('');
  return '';
}

/** A program of the guide: scrollable by keyboard, with a copy button. */
export function GuideCodeBlock({ node, children }: ComponentProps<'pre'> & ExtraProps) {
  const preRef = useRef<HTMLPreElement>(null);
  const { copied, copy } = useCopyText(preRef);
  const program = textOf(node);
  return (
    <div className={styles.code}>
      <button
        type="button"
        className={`${buttonStyles.btn} ${styles.copy}`}
        onClick={() => void copy(program)}
        aria-label={copied === 'copied' ? 'Copied' : 'Copy code'}
      >
        {copied === 'copied' ? <Check aria-hidden="true" size={16} /> : <Copy aria-hidden="true" size={16} />}
      </button>
      {/* Focusable: a program wider than a phone scrolls sideways, and the keyboard must reach it. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region has to take focus to be scrolled by keyboard */}
      <pre ref={preRef} tabIndex={0}>
        {children}
      </pre>
      <span className={styles.copyStatus} role="status">
        {copied === 'copied'
          ? 'Copied to the clipboard.'
          : copied === 'failed'
            ? 'Selected: copy it with your keyboard.'
            : ''}
      </span>
    </div>
  );
}

/**
 * A table of the guide, scrolling inside its own box if a phone is narrower than it; the box takes the
 * keyboard's focus so that a keyboard can scroll it too.
 */
export function GuideTable({ node: _node, ...props }: ComponentProps<'table'> & ExtraProps) {
  return (
    // Not a landmark: the guide has several tables and no name for each; the table inside is what is read.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must be reachable to scroll it by keyboard
    <div className={styles.tableScroll} tabIndex={0}>
      <table {...props} />
    </div>
  );
}

/** Links of the guide: outside addresses open in a new tab and say so. */
export function GuideLink({ node: _node, href = '', children, ...props }: ComponentProps<'a'> & ExtraProps) {
  const outside = /^https?:/i.test(href);
  return (
    <a {...props} href={href} {...(outside ? { target: '_blank', rel: 'noreferrer' } : {})}>
      {children}
      {outside && <span className={textStyles['sr-only']}> (opens in a new tab)</span>}
    </a>
  );
}
