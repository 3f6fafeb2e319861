// The landing page's entry (landing.html): the reset stylesheet first, then the page, hydrated over the
// HTML the build rendered. No router, no zod: the landing page loads only what it shows.
import './styles/global.css';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { LandingDocument } from './pages/landing/landing-document.js';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
hydrateRoot(
  root,
  <StrictMode>
    <LandingDocument />
  </StrictMode>,
);
