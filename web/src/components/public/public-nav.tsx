import { clsx } from 'clsx';
import { Menu, X } from 'lucide-react';
import { useState } from 'react';
import buttonStyles from '../ui/button.module.css';
import { Brand } from './brand.js';
import styles from './public-nav.module.css';
import publicStyles from './public-page.module.css';

/** In-page anchors of the landing page with their labels. */
export const LANDING_ANCHORS = [
  { id: 'hero', label: 'Home' },
  { id: 'features', label: 'Features' },
  { id: 'about', label: 'About' },
  { id: 'pricing', label: 'Pricing' },
  { id: 'testimonials', label: 'Reviews' },
] as const;

/**
 * Landing top navigation: anchors, Login and Sign Up; collapses behind a menu button on phones. The
 * Reviews anchor is there only while the page has its section (the operator published reviews).
 */
export function PublicNav({ withReviews }: { withReviews: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <nav className={open ? clsx(styles.pubNav, styles.open) : styles.pubNav} aria-label="Main">
      <div className={clsx(publicStyles.container, styles.pubNavInner)}>
        <Brand />
        <button
          type="button"
          className={clsx(buttonStyles.btn, buttonStyles.btnGhost, styles.menuToggle)}
          aria-expanded={open}
          aria-controls="pub-nav-links"
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpen((v) => !v)}
        >
          {open ? <X size={20} /> : <Menu size={20} />}
        </button>
        <ul className={styles.pubNavLinks} id="pub-nav-links">
          {LANDING_ANCHORS.filter((a) => withReviews || a.id !== 'testimonials').map((a) => (
            <li key={a.id}>
              <a href={`#${a.id}`} onClick={() => setOpen(false)}>
                {a.label}
              </a>
            </li>
          ))}
        </ul>
        <div className={styles.pubNavActions}>
          <a className={clsx(buttonStyles.btn, buttonStyles.btnGhost)} href="/login">
            Login
          </a>
          <a className={clsx(buttonStyles.btn, buttonStyles.btnPrimary)} href="/signup">
            Sign Up
          </a>
        </div>
      </div>
    </nav>
  );
}
