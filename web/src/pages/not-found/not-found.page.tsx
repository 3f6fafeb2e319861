import { clsx } from 'clsx';
import { Compass } from 'lucide-react';
import { Link } from 'react-router-dom';
import { AuthLayout } from '../../components/public/auth-layout.js';
import authLayoutStyles from '../../components/public/auth-layout.module.css';
import publicStyles from '../../components/public/public-page.module.css';
import buttonStyles from '../../components/ui/button.module.css';

/** Unknown address. */
export function Component() {
  return (
    <AuthLayout>
      <div className={publicStyles.center}>
        <span className={authLayoutStyles.stateIcon}>
          <Compass size={28} aria-hidden="true" />
        </span>
        <h1>Page not found</h1>
        <p className={authLayoutStyles.lead}>The page you are looking for does not exist or has moved.</p>
        <Link to="/" className={clsx(buttonStyles.btn, buttonStyles.btnPrimary, buttonStyles.btnBlock)}>
          Back to home
        </Link>
        <p className={authLayoutStyles.authLinks}>
          <Link to="/login">Log in</Link>
          <Link to="/signup">Sign up</Link>
        </p>
      </div>
    </AuthLayout>
  );
}
