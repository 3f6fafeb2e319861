// Renders the landing page to HTML at build time (scripts/prerender-landing.mjs loads this module from
// Vite's server build). What it renders is the page's first state in a browser, before any answer
// arrived: loading figures, no countdown yet, the content's shipped samples; hydration starts from the
// same state, so the two match.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { LandingDocument } from './pages/landing/landing-document.js';

/** The landing page's markup for landing.html's #root. */
export function renderLanding(): string {
  return renderToString(
    <StrictMode>
      <LandingDocument />
    </StrictMode>,
  );
}
