import { type RefObject, useState } from 'react';

export type CopyState = 'copied' | 'failed' | null;

/**
 * Copies a text to the clipboard. Where the browser refuses (no permission, an insecure origin), the
 * element that shows the text is selected instead, so it can be copied with the keyboard.
 */
export function useCopyText(shownIn: RefObject<HTMLElement | null>) {
  const [copied, setCopied] = useState<CopyState>(null);

  async function copy(text: string) {
    try {
      await navigator.clipboard.writeText(text);
      setCopied('copied');
    } catch {
      const node = shownIn.current;
      if (node) window.getSelection()?.selectAllChildren(node);
      setCopied('failed');
    }
  }

  return { copied, copy };
}
