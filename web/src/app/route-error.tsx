import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';

/** Shown when a page fails to load (e.g. a chunk could not be fetched) or throws while rendering. */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : 'This page could not be loaded.';
  return (
    <main className="center-screen" role="alert">
      <h1>Something went wrong</h1>
      <p>{message}</p>
      <p>
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Reload
        </button>{' '}
        <Link to="/">Back to home</Link>
      </p>
    </main>
  );
}
