import { type ComponentPropsWithoutRef, useMemo } from 'react';
import Markdown, { type Components, type ExtraProps } from 'react-markdown';
import styles from './lesson-markdown.module.css';

/** Only web addresses become links in a lesson; anything else (javascript:, data:) is dropped. */
function safeUrl(url: string): string {
  return /^(https?:|mailto:|#|\/)/i.test(url) ? url : '';
}

const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const;

/**
 * A lesson's headings drawn as members see them (the same tags, so the same sizes) but announced below
 * `outlineLevel`, the heading the lesson sits under on this page (at most level 6): a lesson's "# Title"
 * inside the editor's form is not a new top of the page, and the page's outline stays in order.
 */
function headingsBelow(outlineLevel: number): Components {
  return Object.fromEntries(
    HEADINGS.map((Tag, depth) => [
      Tag,
      ({ node: _node, ...props }: ComponentPropsWithoutRef<typeof Tag> & ExtraProps) => (
        <Tag {...props} aria-level={Math.min(6, outlineLevel + 1 + depth)} />
      ),
    ]),
  );
}

/**
 * A lesson's Markdown, one way for the member's lesson view and the editor's preview (raw HTML skipped,
 * only web addresses as links), so the preview is what a member will see. `outlineLevel` is given where
 * the lesson sits under a heading of its own page (the editor's form).
 */
export function LessonMarkdown({ body, outlineLevel }: { body: string; outlineLevel?: number }) {
  // The same components on every keystroke: new ones would remount each heading of the preview.
  const components = useMemo(
    () => (outlineLevel === undefined ? undefined : headingsBelow(outlineLevel)),
    [outlineLevel],
  );
  return (
    <div className={styles.lessonBody}>
      <Markdown skipHtml urlTransform={safeUrl} {...(components ? { components } : {})}>
        {body}
      </Markdown>
    </div>
  );
}
