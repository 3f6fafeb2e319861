/** Placeholder until this screen is built. */
export function Component() {
  return (
    <main className="center-screen">
      <h1>Development outbox</h1>
    </main>
  );
}
