import type { ReactNode } from 'react';
import '../../styles/public.css';
import { Brand } from './brand.js';

/** Frame of the sign-up, login and password screens: brand on top, one centred card. */
export function AuthLayout({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <div className="pub auth-shell">
      <header className="auth-top">
        <Brand />
      </header>
      <main className="auth-main">
        <div className={wide ? 'auth-card wide' : 'auth-card'}>{children}</div>
      </main>
    </div>
  );
}
