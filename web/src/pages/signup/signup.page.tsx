/** Placeholder until this screen is built. */
export function Component() {
  return (
    <main className="center-screen">
      <h1>Sign up</h1>
    </main>
  );
}
