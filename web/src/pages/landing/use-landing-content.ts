import { SAMPLE_LANDING_CONTENT, type TLandingContent } from '@signalroom/shared';
import { useEffect, useState } from 'react';
import { fetchLandingContent } from '../../api/public.api.js';

/**
 * The landing page's operator content (reviews, offer text) from the server: what an operator saved,
 * or the shipped samples, each labelled as a sample. Null while loading; if the server cannot be
 * reached, the shipped samples (still labelled) stand in.
 */
export function useLandingContent(): TLandingContent | null {
  const [content, setContent] = useState<TLandingContent | null>(null);
  useEffect(() => {
    let live = true;
    void fetchLandingContent().then((answer) => {
      if (!live) return;
      if (answer.ok) setContent(answer.data);
      else {
        console.warn('Landing content could not be loaded; showing the shipped samples:', answer.message);
        setContent(SAMPLE_LANDING_CONTENT);
      }
    });
    return () => {
      live = false;
    };
  }, []);
  return content;
}
