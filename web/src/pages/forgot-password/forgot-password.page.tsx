/** Placeholder until this screen is built. */
export function Component() {
  return (
    <main className="center-screen">
      <h1>Forgot password</h1>
    </main>
  );
}
