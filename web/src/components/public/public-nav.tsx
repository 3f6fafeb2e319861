import { Menu, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Brand } from './brand.js';

/** In-page anchors of the landing page (spec section 2) with their labels. */
export const LANDING_ANCHORS = [
  { id: 'hero', label: 'Home' },
  { id: 'features', label: 'Features' },
  { id: 'about', label: 'About' },
  { id: 'pricing', label: 'Pricing' },
  { id: 'testimonials', label: 'Reviews' },
] as const;

/** Landing top navigation: anchors, Login and Sign Up; collapses behind a menu button on phones. */
export function PublicNav() {
  const [open, setOpen] = useState(false);
  return (
    <nav className={open ? 'pub-nav open' : 'pub-nav'} aria-label="Main">
      <div className="container pub-nav-inner">
        <Brand />
        <button
          type="button"
          className="btn btn-ghost menu-toggle"
          aria-expanded={open}
          aria-controls="pub-nav-links"
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpen((v) => !v)}
        >
          {open ? <X size={20} /> : <Menu size={20} />}
        </button>
        <ul className="pub-nav-links" id="pub-nav-links">
          {LANDING_ANCHORS.map((a) => (
            <li key={a.id}>
              <a href={`#${a.id}`} onClick={() => setOpen(false)}>
                {a.label}
              </a>
            </li>
          ))}
        </ul>
        <div className="pub-nav-actions">
          <Link className="btn btn-ghost" to="/login">
            Login
          </Link>
          <Link className="btn btn-primary" to="/signup">
            Sign Up
          </Link>
        </div>
      </div>
    </nav>
  );
}
