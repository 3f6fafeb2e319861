import { DEFAULT_LANDING_CONTENT, type TLandingContent } from '@signalroom/shared';
import { useEffect, useState } from 'react';
import * as api from '../../api/api.js';

/**
 * The landing page's operator content (reviews, offer text) from the server: what the operator published,
 * or the defaults (no review, the default offer text). Null while loading; if the server cannot be
 * reached, the defaults stand in.
 */
export function useLandingContent(): TLandingContent | null {
  const [content, setContent] = useState<TLandingContent | null>(null);
  useEffect(() => {
    let live = true;
    void api.content.landing().then((answer) => {
      if (!live) return;
      if (answer.ok) setContent(answer.data);
      else {
        console.warn('Landing content could not be loaded; showing the defaults:', answer.message);
        setContent(DEFAULT_LANDING_CONTENT);
      }
    });
    return () => {
      live = false;
    };
  }, []);
  return content;
}
