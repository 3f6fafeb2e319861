import { Compass } from 'lucide-react';
import { Link } from 'react-router-dom';
import { AuthLayout } from '../../components/public/auth-layout.js';

/** Unknown address. */
export function Component() {
  return (
    <AuthLayout>
      <div className="center">
        <span className="state-icon">
          <Compass size={28} aria-hidden="true" />
        </span>
        <h1>Page not found</h1>
        <p className="lead">The page you are looking for does not exist or has moved.</p>
        <Link to="/" className="btn btn-primary btn-block">
          Back to home
        </Link>
        <p className="auth-links">
          <Link to="/login">Log in</Link>
          <Link to="/signup">Sign up</Link>
        </p>
      </div>
    </AuthLayout>
  );
}
