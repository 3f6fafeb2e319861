// First: zod's settings must be in place before any module parses with it.
import './app/zod-config.js';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter } from './app/router.js';
import './styles/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
createRoot(root).render(
  <StrictMode>
    <AppRouter />
  </StrictMode>,
);
