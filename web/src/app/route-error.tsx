import { clsx } from 'clsx';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import buttonStyles from '../components/ui/button.module.css';
import textStyles from '../components/ui/text.module.css';

/** Shown when a page fails to load (e.g. a chunk could not be fetched) or throws while rendering. */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : 'This page could not be loaded.';
  return (
    <main className={textStyles.centerScreen} role="alert">
      <h1>Something went wrong</h1>
      <p>{message}</p>
      <p>
        <button
          type="button"
          className={clsx(buttonStyles.btn, buttonStyles.btnPrimary)}
          onClick={() => window.location.reload()}
        >
          Reload
        </button>{' '}
        <Link to="/">Back to home</Link>
      </p>
    </main>
  );
}
