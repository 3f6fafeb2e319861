import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import styles from './auth-layout.module.css';
import { Brand } from './brand.js';
import publicStyles from './public-page.module.css';

/** Frame of the sign-up, login and password screens: brand on top, one centred card. */
export function AuthLayout({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <div className={clsx(publicStyles.pub, styles.authShell)}>
      <header className={styles.authTop}>
        <Brand />
      </header>
      <main className={styles.authMain}>
        <div className={wide ? clsx(styles.authCard, styles.wide) : styles.authCard}>{children}</div>
      </main>
    </div>
  );
}
