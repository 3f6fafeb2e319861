// First: the reset stylesheet, so every CSS module comes after it (and wins over it by order);
// then zod's settings, which must be in place before any module parses with it.
import './styles/global.css';
import './app/zod-config.js';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter } from './app/router.js';
import { watchTheme } from './app/theme.js';

watchTheme();
const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
createRoot(root).render(
  <StrictMode>
    <AppRouter />
  </StrictMode>,
);
